CREATE TABLE "proposal_pdf_jobs" (
	"quotation_id" integer PRIMARY KEY NOT NULL,
	"version" integer NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"lease_until" timestamp with time zone,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "proposal_pdf_jobs" ADD CONSTRAINT "proposal_pdf_jobs_quotation_id_quotations_id_fk" FOREIGN KEY ("quotation_id") REFERENCES "public"."quotations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "proposal_pdf_jobs_pending_idx" ON "proposal_pdf_jobs" USING btree ("state","updated_at");--> statement-breakpoint
-- Proposal PDFs move into the one file store (DATA_DIR/uploads/proposals): the ones rendered before are queued to render again there.
INSERT INTO "proposal_pdf_jobs" ("quotation_id", "version") SELECT "id", "version" FROM "quotations" WHERE "pdf_path" IS NOT NULL;--> statement-breakpoint
UPDATE "quotations" SET "pdf_path" = NULL WHERE "pdf_path" IS NOT NULL;
