DROP INDEX "quotations_owner_idx";--> statement-breakpoint
CREATE INDEX "customers_owner_created_idx" ON "customers" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE INDEX "quotations_created_idx" ON "quotations" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "quotations_owner_idx" ON "quotations" USING btree ("owner_id","created_at","status","commission");