CREATE TABLE "anuncio_price_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"anuncio_id" uuid NOT NULL,
	"previous_price" double precision NOT NULL,
	"previous_moneda" text NOT NULL,
	"previous_price_rd" double precision NOT NULL,
	"price" double precision NOT NULL,
	"moneda" text NOT NULL,
	"price_rd" double precision NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "anuncios" ADD COLUMN "estado" text DEFAULT 'activo' NOT NULL;--> statement-breakpoint
ALTER TABLE "anuncios" ADD COLUMN "renewed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "anuncios" ADD COLUMN "reminder_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "anuncio_price_changes" ADD CONSTRAINT "anuncio_price_changes_anuncio_id_anuncios_id_fk" FOREIGN KEY ("anuncio_id") REFERENCES "public"."anuncios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "anuncio_price_changes_anuncio_idx" ON "anuncio_price_changes" USING btree ("anuncio_id","changed_at");--> statement-breakpoint
CREATE INDEX "anuncios_expiry_idx" ON "anuncios" USING btree ("renewed_at") WHERE "anuncios"."estado" = 'activo' AND "anuncios"."owner_id" IS NOT NULL;--> statement-breakpoint
-- Existing owner listings start their period at publication (partner listings never expire).
UPDATE "anuncios" SET "renewed_at" = "created_at" WHERE "owner_id" IS NOT NULL;
--> statement-breakpoint
-- Issue 20: only active listings are searchable (paused, sold, rented, expired and held ones are
-- not). The search table's trigger asks this one function, so a change of estado moves the listing
-- in or out of anuncio_search and search_facets. Every row is 'activo' now: nothing to re-sync.
CREATE OR REPLACE FUNCTION anuncio_searchable(a anuncios) RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT a.status = 'published' AND a.estado = 'activo'
$$;
