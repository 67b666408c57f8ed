-- Issue 44 (docs/decisions/0032-map-search.md): the map's clusters and areas read the listings'
-- coordinates from the search table, beside the other filter columns. Both are NULL unless the
-- listing has both (a listing without coordinates is counted apart, "sin ubicación").
ALTER TABLE "anuncio_search" ADD COLUMN "lat" double precision;--> statement-breakpoint
ALTER TABLE "anuncio_search" ADD COLUMN "lng" double precision;--> statement-breakpoint
CREATE OR REPLACE FUNCTION anuncio_search_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE'
     AND anuncio_searchable(OLD) = anuncio_searchable(NEW)
     AND (OLD.place, OLD.region, OLD.locality, OLD.proposito, OLD.propiedad, OLD.habitaciones, OLD.metros, OLD.moneda, OLD.price, OLD.price_rd,
          OLD.banos, OLD.parqueos, OLD.parqueo, OLD.amueblado, OLD.respaldo, OLD.ascensor, OLD.piscina, OLD.seguridad_24h, OLD.construccion,
          OLD.entrega, OLD.mantenimiento_rd, OLD.mantenimiento_us, OLD.latitude, OLD.longitude)
         IS NOT DISTINCT FROM
         (NEW.place, NEW.region, NEW.locality, NEW.proposito, NEW.propiedad, NEW.habitaciones, NEW.metros, NEW.moneda, NEW.price, NEW.price_rd,
          NEW.banos, NEW.parqueos, NEW.parqueo, NEW.amueblado, NEW.respaldo, NEW.ascensor, NEW.piscina, NEW.seguridad_24h, NEW.construccion,
          NEW.entrega, NEW.mantenimiento_rd, NEW.mantenimiento_us, NEW.latitude, NEW.longitude) THEN
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
      banos, parqueos, amueblado, respaldo, ascensor, piscina, seguridad_24h, construccion, entrega, mantenimiento_rd, mantenimiento_us, lat, lng)
    VALUES (NEW.seq, hashint8(NEW.seq) & 1023, search_code_of('place', NEW.place), search_code_of('region', NEW.region),
      search_code_of('locality', NEW.locality), search_code_of('proposito', NEW.proposito), search_code_of('propiedad', NEW.propiedad),
      NEW.habitaciones, NEW.metros, search_code_of('moneda', NEW.moneda), NEW.price, NEW.price_rd,
      search_small(NEW.banos), search_parqueos(NEW), NEW.amueblado, search_respaldo(NEW.respaldo), NEW.ascensor, NULLIF(NEW.piscina, false),
      NEW.seguridad_24h, NEW.construccion, search_entrega(NEW.entrega), NEW.mantenimiento_rd, NEW.mantenimiento_us,
      CASE WHEN NEW.longitude IS NOT NULL THEN NEW.latitude END, CASE WHEN NEW.latitude IS NOT NULL THEN NEW.longitude END);
    PERFORM search_facet_add(NEW, 1);
    PERFORM search_cube_add(NEW, 1);
    PERFORM search_cube_area_add(NEW, 1);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
UPDATE anuncio_search s SET lat = a.latitude, lng = a.longitude
FROM anuncios a
WHERE a.seq = s.seq AND a.latitude IS NOT NULL AND a.longitude IS NOT NULL;--> statement-breakpoint
-- The map's viewport and areas: a range of latitudes, then longitudes, index-only for a cluster
-- count without other filters (seq names a lone listing).
CREATE INDEX IF NOT EXISTS "anuncio_search_geo_idx" ON "anuncio_search" ("lat", "lng") INCLUDE ("seq") WHERE "lat" IS NOT NULL;--> statement-breakpoint
-- The listings without coordinates of a search ("sin ubicación"): few, read apart.
CREATE INDEX IF NOT EXISTS "anuncio_search_no_geo_idx" ON "anuncio_search" ("seq") WHERE "lat" IS NULL;--> statement-breakpoint
ANALYZE anuncio_search;
