CREATE TABLE "quotation_shares" (
	"id" serial PRIMARY KEY NOT NULL,
	"quotation_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"created_by" integer,
	"client_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"first_opened_at" timestamp with time zone,
	"last_opened_at" timestamp with time zone,
	"open_count" integer DEFAULT 0 NOT NULL,
	"emailed_at" timestamp with time zone,
	"accepted_at" timestamp with time zone,
	"accepted_name" text,
	"accepted_consent" boolean,
	"accepted_ip" text,
	"accepted_user_agent" text,
	CONSTRAINT "quotation_shares_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "quotation_documents" ADD COLUMN "share_id" integer;--> statement-breakpoint
ALTER TABLE "quotation_shares" ADD CONSTRAINT "quotation_shares_quotation_id_quotations_id_fk" FOREIGN KEY ("quotation_id") REFERENCES "public"."quotations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotation_shares" ADD CONSTRAINT "quotation_shares_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quotation_shares_q_idx" ON "quotation_shares" USING btree ("quotation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "quotation_shares_client_key_idx" ON "quotation_shares" USING btree ("quotation_id","client_key");--> statement-breakpoint
ALTER TABLE "quotation_documents" ADD CONSTRAINT "quotation_documents_share_id_quotation_shares_id_fk" FOREIGN KEY ("share_id") REFERENCES "public"."quotation_shares"("id") ON DELETE set null ON UPDATE no action;