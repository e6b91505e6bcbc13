CREATE TABLE "auth_throttle" (
	"key" text PRIMARY KEY NOT NULL,
	"attempts" integer NOT NULL,
	"window_start" timestamp with time zone NOT NULL
);
--> statement-breakpoint
-- Each quotation keeps the customer as they were when it was made (issue 16): added empty, filled
-- from today's customer rows, then required.
ALTER TABLE "quotations" ADD COLUMN "customer" jsonb;--> statement-breakpoint
UPDATE "quotations" q SET "customer" = jsonb_build_object(
	'id', c."id", 'first_name', c."first_name", 'last_name', c."last_name", 'email', c."email", 'phone', c."phone",
	'fiscal_code', c."fiscal_code", 'zip_code', c."zip_code", 'address', c."address", 'city', c."city",
	'employee_category', c."employee_category", 'employee_type', c."employee_type", 'employee_secondary_type', c."employee_secondary_type",
	'vat_number', c."vat_number", 'business_name', c."business_name", 'notes', c."notes")
FROM "customers" c WHERE c."id" = q."customer_id";--> statement-breakpoint
ALTER TABLE "quotations" ALTER COLUMN "customer" SET NOT NULL;