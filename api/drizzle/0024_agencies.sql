-- Issue 46 (docs/decisions/0040-agencies.md): partners by configuration. The six partners of
-- before become agencies whose slugs are their old company keys, so every listing keeps its
-- `source` and is linked to its agency by a foreign key; a source no partner had (a listing
-- imported under a key since removed) becomes a paused agency of that slug: no listing is lost.
CREATE TABLE "agencias" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"logo" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"whatsapp" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"description" text DEFAULT '' NOT NULL,
	"rnc" text DEFAULT '' NOT NULL,
	"feed_url" text,
	"status" text DEFAULT 'active' NOT NULL,
	"kind" text DEFAULT 'feed' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agencias_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
INSERT INTO "agencias" ("slug", "name", "kind") VALUES
  ('hazim', 'Hazim', 'feed'), ('tucasard', 'TuCasaRD', 'feed'), ('noves', 'Noves', 'feed'),
  ('habitame', 'Habitame', 'feed'), ('cindy', 'Cindy', 'feed'), ('inversionisto', 'Inversionisto', 'feed');--> statement-breakpoint
INSERT INTO "agencias" ("slug", "name", "status", "kind")
SELECT DISTINCT "source", "source", 'paused', 'feed' FROM "anuncios" WHERE "source" IS NOT NULL
ON CONFLICT ("slug") DO NOTHING;--> statement-breakpoint
-- Issue 46: the advertiser filter ("Solo dueño directo / Solo inmobiliarias") reads whether an
-- agency advertises the listing from the search table, beside the other filter columns. The
-- trigger of 0023 (with its map cells) with the listing's source compared and held; no index (a
-- filter of cube 'none').
ALTER TABLE "anuncio_search" ADD COLUMN "agencia" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE OR REPLACE FUNCTION anuncio_search_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE'
     AND anuncio_searchable(OLD) = anuncio_searchable(NEW)
     AND (OLD.place, OLD.region, OLD.locality, OLD.proposito, OLD.propiedad, OLD.habitaciones, OLD.metros, OLD.moneda, OLD.price, OLD.price_rd,
          OLD.banos, OLD.parqueos, OLD.parqueo, OLD.amueblado, OLD.respaldo, OLD.ascensor, OLD.piscina, OLD.seguridad_24h, OLD.construccion,
          OLD.entrega, OLD.mantenimiento_rd, OLD.mantenimiento_us, OLD.latitude, OLD.longitude, OLD.source)
         IS NOT DISTINCT FROM
         (NEW.place, NEW.region, NEW.locality, NEW.proposito, NEW.propiedad, NEW.habitaciones, NEW.metros, NEW.moneda, NEW.price, NEW.price_rd,
          NEW.banos, NEW.parqueos, NEW.parqueo, NEW.amueblado, NEW.respaldo, NEW.ascensor, NEW.piscina, NEW.seguridad_24h, NEW.construccion,
          NEW.entrega, NEW.mantenimiento_rd, NEW.mantenimiento_us, NEW.latitude, NEW.longitude, NEW.source) THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') AND anuncio_searchable(OLD) THEN
    DELETE FROM anuncio_search WHERE seq = OLD.seq;
    PERFORM search_facet_add(OLD, -1);
    PERFORM search_cube_add(OLD, -1);
    PERFORM search_cube_area_add(OLD, -1);
    PERFORM search_map_add(OLD, -1);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND anuncio_searchable(NEW) THEN
    INSERT INTO search_codes (kind, value)
    SELECT f.kind, f.value
    FROM (VALUES ('place', NEW.place), ('region', NEW.region), ('locality', NEW.locality),
      ('proposito', NEW.proposito), ('propiedad', NEW.propiedad), ('moneda', NEW.moneda)) AS f(kind, value)
    WHERE NOT EXISTS (SELECT 1 FROM search_codes c WHERE c.kind = f.kind AND c.value = f.value)
    ON CONFLICT (kind, value) DO NOTHING;
    INSERT INTO anuncio_search (seq, bucket, place, region, locality, proposito, propiedad, habitaciones, metros, moneda, price, price_rd,
      banos, parqueos, amueblado, respaldo, ascensor, piscina, seguridad_24h, construccion, entrega, mantenimiento_rd, mantenimiento_us, lat, lng, agencia)
    VALUES (NEW.seq, hashint8(NEW.seq) & 1023, search_code_of('place', NEW.place), search_code_of('region', NEW.region),
      search_code_of('locality', NEW.locality), search_code_of('proposito', NEW.proposito), search_code_of('propiedad', NEW.propiedad),
      NEW.habitaciones, NEW.metros, search_code_of('moneda', NEW.moneda), NEW.price, NEW.price_rd,
      search_small(NEW.banos), search_parqueos(NEW), NEW.amueblado, search_respaldo(NEW.respaldo), NEW.ascensor, NULLIF(NEW.piscina, false),
      NEW.seguridad_24h, NEW.construccion, search_entrega(NEW.entrega), NEW.mantenimiento_rd, NEW.mantenimiento_us,
      CASE WHEN NEW.longitude IS NOT NULL THEN NEW.latitude END, CASE WHEN NEW.latitude IS NOT NULL THEN NEW.longitude END, NEW.source IS NOT NULL);
    PERFORM search_facet_add(NEW, 1);
    PERFORM search_cube_add(NEW, 1);
    PERFORM search_cube_area_add(NEW, 1);
    PERFORM search_map_add(NEW, 1);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
UPDATE anuncio_search s SET agencia = true
FROM anuncios a
WHERE a.seq = s.seq AND a.source IS NOT NULL;--> statement-breakpoint
ALTER TABLE "anuncios" ADD CONSTRAINT "anuncios_source_agencias_slug_fk" FOREIGN KEY ("source") REFERENCES "public"."agencias"("slug") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
CREATE INDEX "anuncios_source_seq_idx" ON "anuncios" USING btree ("source","seq");