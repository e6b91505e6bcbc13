ALTER TABLE "quotation_documents" ADD COLUMN "client_key" text;--> statement-breakpoint
ALTER TABLE "quotations" ADD COLUMN "client_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "quotation_documents_client_key_idx" ON "quotation_documents" USING btree ("quotation_id","client_key");--> statement-breakpoint
CREATE UNIQUE INDEX "quotations_client_key_idx" ON "quotations" USING btree ("owner_id","client_key");