-- Issues 39 and 40 (docs/decisions/0012-saved-search-alerts.md, "Issues 39 and 40"): alerts per
-- user. Hand-ordered from drizzle-kit's output so that existing rows get their new columns before
-- any NOT NULL or key needs them; no row a user can see changes.
--
-- 1. alert_deliveries: a listing is announced once per user (whatever the number of matching
--    searches), so the record is keyed by (user, listing) and keeps its search only as a note
--    (set null when the search is deleted). Existing records take their search's user; when the
--    same user had the same listing recorded by two searches (the duplicate sends of issue 39),
--    the earliest record is kept and the later duplicates, which say nothing more, are removed.
ALTER TABLE "alert_deliveries" ADD COLUMN "user_id" uuid;--> statement-breakpoint
UPDATE "alert_deliveries" d SET "user_id" = s."user_id" FROM "saved_searches" s WHERE s."id" = d."search_id";--> statement-breakpoint
DELETE FROM "alert_deliveries" d USING "alert_deliveries" e
  WHERE e."user_id" = d."user_id" AND e."anuncio_id" = d."anuncio_id"
    AND (e."sent_at", e."search_id"::text) < (d."sent_at", d."search_id"::text);--> statement-breakpoint
ALTER TABLE "alert_deliveries" DROP CONSTRAINT "alert_deliveries_search_id_saved_searches_id_fk";--> statement-breakpoint
ALTER TABLE "alert_deliveries" DROP CONSTRAINT "alert_deliveries_search_id_anuncio_id_pk";--> statement-breakpoint
ALTER TABLE "alert_deliveries" ALTER COLUMN "search_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "alert_deliveries" ALTER COLUMN "user_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "alert_deliveries" ADD CONSTRAINT "alert_deliveries_user_id_anuncio_id_pk" PRIMARY KEY("user_id","anuncio_id");--> statement-breakpoint
ALTER TABLE "alert_deliveries" ADD CONSTRAINT "alert_deliveries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_deliveries" ADD CONSTRAINT "alert_deliveries_search_id_saved_searches_id_fk" FOREIGN KEY ("search_id") REFERENCES "public"."saved_searches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- 2. alert_emails: price-drop emails belong to a user and no search. Existing emails take their
--    search's user.
ALTER TABLE "alert_emails" ADD COLUMN "user_id" uuid;--> statement-breakpoint
UPDATE "alert_emails" m SET "user_id" = s."user_id" FROM "saved_searches" s WHERE s."id" = m."search_id";--> statement-breakpoint
ALTER TABLE "alert_emails" ALTER COLUMN "user_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "alert_emails" ALTER COLUMN "search_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "alert_emails" ADD CONSTRAINT "alert_emails_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- 3. Price drops: each favourite keeps the price its user was last told of, and when. Existing
--    favourites start from their listing's price now (what the user sees today), so the upgrade
--    announces no drop twice; a drop made before it and not told yet is not announced.
--    alert_price_drops (which drop was told to whom) has nothing left to record: dropped.
ALTER TABLE "favoritos" ADD COLUMN "alert_price" double precision;--> statement-breakpoint
ALTER TABLE "favoritos" ADD COLUMN "alert_moneda" text;--> statement-breakpoint
ALTER TABLE "favoritos" ADD COLUMN "alert_price_rd" double precision;--> statement-breakpoint
ALTER TABLE "favoritos" ADD COLUMN "alert_sent_at" timestamp with time zone;--> statement-breakpoint
UPDATE "favoritos" f SET "alert_price" = a."price", "alert_moneda" = a."moneda", "alert_price_rd" = a."price_rd" FROM "anuncios" a WHERE a."id" = f."anuncio_id";--> statement-breakpoint
DROP TABLE "alert_price_drops" CASCADE;--> statement-breakpoint
CREATE INDEX "anuncio_price_changes_changed_idx" ON "anuncio_price_changes" USING btree ("changed_at");--> statement-breakpoint
-- 4. The price-drop emails' own unsubscribe (per account).
ALTER TABLE "users" ADD COLUMN "price_alerts_off_at" timestamp with time zone;
