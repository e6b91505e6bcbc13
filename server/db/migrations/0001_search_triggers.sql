-- Every write to what the offer search reads bumps a version (one row per connection, so writers
-- never wait on each other); search-index.ts rebuilds its in-memory index when the sum changes.
CREATE FUNCTION "bump_search_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "search_versions" ("pid", "version", "changed_at") VALUES (pg_backend_pid(), 1, clock_timestamp())
  ON CONFLICT ("pid") DO UPDATE SET "version" = "search_versions"."version" + 1, "changed_at" = clock_timestamp();
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "offers_search_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "offers" FOR EACH STATEMENT EXECUTE FUNCTION "bump_search_version"();--> statement-breakpoint
CREATE TRIGGER "offer_variations_search_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "offer_variations" FOR EACH STATEMENT EXECUTE FUNCTION "bump_search_version"();--> statement-breakpoint
CREATE TRIGGER "cars_search_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "cars" FOR EACH STATEMENT EXECUTE FUNCTION "bump_search_version"();--> statement-breakpoint
CREATE TRIGGER "brokers_search_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "brokers" FOR EACH STATEMENT EXECUTE FUNCTION "bump_search_version"();--> statement-breakpoint
CREATE TRIGGER "products_search_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "products" FOR EACH STATEMENT EXECUTE FUNCTION "bump_search_version"();--> statement-breakpoint
CREATE TRIGGER "areas_search_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "areas" FOR EACH STATEMENT EXECUTE FUNCTION "bump_search_version"();--> statement-breakpoint
CREATE TRIGGER "delivery_times_search_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "delivery_times" FOR EACH STATEMENT EXECUTE FUNCTION "bump_search_version"();
