-- Issue 42: the listing attributes Dominicans search by (docs/decisions/0028-listing-attributes.md).
-- Every new column is NULL ("unknown") for the listings already stored: nothing is invented. A
-- column added without a default rewrites no row (PostgreSQL keeps the NULL in the catalogue).
-- `parqueo` (yes/no) stays as it was; its count `parqueos` is unknown for existing listings.
ALTER TABLE "anuncios" ADD COLUMN "medios_banos" integer;--> statement-breakpoint
ALTER TABLE "anuncios" ADD COLUMN "parqueos" integer;--> statement-breakpoint
ALTER TABLE "anuncios" ADD COLUMN "amueblado" text;--> statement-breakpoint
ALTER TABLE "anuncios" ADD COLUMN "respaldo" text;--> statement-breakpoint
ALTER TABLE "anuncios" ADD COLUMN "cisterna" boolean;--> statement-breakpoint
ALTER TABLE "anuncios" ADD COLUMN "gas_comun" boolean;--> statement-breakpoint
ALTER TABLE "anuncios" ADD COLUMN "ascensor" boolean;--> statement-breakpoint
ALTER TABLE "anuncios" ADD COLUMN "seguridad_24h" boolean;--> statement-breakpoint
ALTER TABLE "anuncios" ADD COLUMN "area_social" boolean;--> statement-breakpoint
ALTER TABLE "anuncios" ADD COLUMN "mantenimiento" double precision;--> statement-breakpoint
ALTER TABLE "anuncios" ADD COLUMN "mantenimiento_moneda" text;--> statement-breakpoint
ALTER TABLE "anuncios" ADD COLUMN "mantenimiento_rd" double precision;--> statement-breakpoint
ALTER TABLE "anuncios" ADD COLUMN "mantenimiento_us" double precision;--> statement-breakpoint
ALTER TABLE "anuncios" ADD COLUMN "ano_construccion" integer;--> statement-breakpoint
ALTER TABLE "anuncios" ADD COLUMN "construccion" text;--> statement-breakpoint
ALTER TABLE "anuncios" ADD COLUMN "entrega" text;--> statement-breakpoint
ALTER TABLE "anuncios" ADD COLUMN "calle" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "anuncio_search" ADD COLUMN "banos" smallint;--> statement-breakpoint
ALTER TABLE "anuncio_search" ADD COLUMN "parqueos" smallint;--> statement-breakpoint
ALTER TABLE "anuncio_search" ADD COLUMN "amueblado" text;--> statement-breakpoint
ALTER TABLE "anuncio_search" ADD COLUMN "respaldo" smallint;--> statement-breakpoint
ALTER TABLE "anuncio_search" ADD COLUMN "ascensor" boolean;--> statement-breakpoint
ALTER TABLE "anuncio_search" ADD COLUMN "piscina" boolean;--> statement-breakpoint
ALTER TABLE "anuncio_search" ADD COLUMN "seguridad_24h" boolean;--> statement-breakpoint
ALTER TABLE "anuncio_search" ADD COLUMN "construccion" text;--> statement-breakpoint
ALTER TABLE "anuncio_search" ADD COLUMN "entrega" integer;--> statement-breakpoint
ALTER TABLE "anuncio_search" ADD COLUMN "mantenimiento_rd" double precision;--> statement-breakpoint
ALTER TABLE "anuncio_search" ADD COLUMN "mantenimiento_us" double precision;--> statement-breakpoint
-- A count as the search table's smallint (LEAST would turn NULL into the cap: it ignores NULLs).
CREATE OR REPLACE FUNCTION search_small(n integer) RETURNS smallint LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN n > 32767 THEN 32767 ELSE n END::smallint
$$;--> statement-breakpoint
-- The search table's values of a listing's issue-42 columns, in one place for the trigger and
-- the fill below. parqueos: a listing that said "parking: yes" has at least one space (a fact, so
-- "at least 1 parking space" finds it); its count stays unknown in anuncios.
CREATE OR REPLACE FUNCTION search_parqueos(a anuncios) RETURNS smallint LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN a.parqueos IS NOT NULL THEN search_small(a.parqueos) WHEN a.parqueo THEN 1::smallint END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_respaldo(respaldo text) RETURNS smallint LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE respaldo WHEN 'ninguno' THEN 0 WHEN 'inversor' THEN 1 WHEN 'planta' THEN 2 END::smallint
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_entrega(entrega text) RETURNS integer LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN entrega ~ '^\d{4}-(0[1-9]|1[0-2])$' THEN (substr(entrega, 1, 4) || substr(entrega, 6, 2))::integer END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION anuncio_search_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE'
     AND anuncio_searchable(OLD) = anuncio_searchable(NEW)
     AND (OLD.place, OLD.region, OLD.locality, OLD.proposito, OLD.propiedad, OLD.habitaciones, OLD.metros, OLD.moneda, OLD.price, OLD.price_rd,
          OLD.banos, OLD.parqueos, OLD.parqueo, OLD.amueblado, OLD.respaldo, OLD.ascensor, OLD.piscina, OLD.seguridad_24h, OLD.construccion,
          OLD.entrega, OLD.mantenimiento_rd, OLD.mantenimiento_us)
         IS NOT DISTINCT FROM
         (NEW.place, NEW.region, NEW.locality, NEW.proposito, NEW.propiedad, NEW.habitaciones, NEW.metros, NEW.moneda, NEW.price, NEW.price_rd,
          NEW.banos, NEW.parqueos, NEW.parqueo, NEW.amueblado, NEW.respaldo, NEW.ascensor, NEW.piscina, NEW.seguridad_24h, NEW.construccion,
          NEW.entrega, NEW.mantenimiento_rd, NEW.mantenimiento_us) THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') AND anuncio_searchable(OLD) THEN
    DELETE FROM anuncio_search WHERE seq = OLD.seq;
    PERFORM search_facet_add(OLD, -1);
    PERFORM search_cube_add(OLD, -1);
    PERFORM search_cube_area_add(OLD, -1);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND anuncio_searchable(NEW) THEN
    INSERT INTO search_codes (kind, value)
    SELECT f.kind, f.value
    FROM (VALUES ('place', NEW.place), ('region', NEW.region), ('locality', NEW.locality),
      ('proposito', NEW.proposito), ('propiedad', NEW.propiedad), ('moneda', NEW.moneda)) AS f(kind, value)
    WHERE NOT EXISTS (SELECT 1 FROM search_codes c WHERE c.kind = f.kind AND c.value = f.value)
    ON CONFLICT (kind, value) DO NOTHING;
    INSERT INTO anuncio_search (seq, bucket, place, region, locality, proposito, propiedad, habitaciones, metros, moneda, price, price_rd,
      banos, parqueos, amueblado, respaldo, ascensor, piscina, seguridad_24h, construccion, entrega, mantenimiento_rd, mantenimiento_us)
    VALUES (NEW.seq, hashint8(NEW.seq) & 1023, search_code_of('place', NEW.place), search_code_of('region', NEW.region),
      search_code_of('locality', NEW.locality), search_code_of('proposito', NEW.proposito), search_code_of('propiedad', NEW.propiedad),
      NEW.habitaciones, NEW.metros, search_code_of('moneda', NEW.moneda), NEW.price, NEW.price_rd,
      search_small(NEW.banos), search_parqueos(NEW), NEW.amueblado, search_respaldo(NEW.respaldo), NEW.ascensor, NULLIF(NEW.piscina, false),
      NEW.seguridad_24h, NEW.construccion, search_entrega(NEW.entrega), NEW.mantenimiento_rd, NEW.mantenimiento_us);
    PERFORM search_facet_add(NEW, 1);
    PERFORM search_cube_add(NEW, 1);
    PERFORM search_cube_area_add(NEW, 1);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- The values the existing listings already had that are now filters: bathrooms, pool, parking
-- (yes -> at least 1). Only rows with one of them are rewritten. The pool is held only when
-- present (NULLIF): the old form's unticked box said nothing, and the filter asks only for one.
UPDATE anuncio_search s
SET banos = search_small(a.banos), parqueos = search_parqueos(a), piscina = NULLIF(a.piscina, false)
FROM anuncios a
WHERE a.seq = s.seq AND (a.banos IS NOT NULL OR a.parqueo OR a.piscina);--> statement-breakpoint
ANALYZE anuncio_search;
