CREATE TABLE "push_subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "push_subscriptions_endpoint_unique" UNIQUE("endpoint")
);
--> statement-breakpoint
CREATE TABLE "share_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"share_id" integer NOT NULL,
	"code_hash" text NOT NULL,
	"channel" text DEFAULT 'email' NOT NULL,
	"sent_to" text NOT NULL,
	"pdf_key" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "quotation_shares" ADD COLUMN "accepted_channel" text;--> statement-breakpoint
ALTER TABLE "quotation_shares" ADD COLUMN "accepted_sent_to" text;--> statement-breakpoint
ALTER TABLE "quotation_shares" ADD COLUMN "accepted_pdf_key" text;--> statement-breakpoint
ALTER TABLE "quotation_shares" ADD COLUMN "accepted_pdf_sha256" text;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_codes" ADD CONSTRAINT "share_codes_share_id_quotation_shares_id_fk" FOREIGN KEY ("share_id") REFERENCES "public"."quotation_shares"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "push_subscriptions_user_idx" ON "push_subscriptions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "share_codes_share_idx" ON "share_codes" USING btree ("share_id","id");