CREATE TABLE "files" (
	"key" text PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"data" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "proposal_pdf_jobs" ADD COLUMN "background" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "proposal_pdf_jobs" ADD COLUMN "holder_pid" integer;--> statement-breakpoint
ALTER TABLE "proposal_pdf_jobs" ADD COLUMN "holder_start" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "quotations_without_pdf_idx" ON "quotations" USING btree ("id") WHERE "quotations"."pdf_path" is null;