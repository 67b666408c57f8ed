-- Issue 44's target (docs/decisions/0039-map-cells-and-map-limit.md): the map's clusters
-- without reading every listing in the view. The trigger keeps, per grid level (the cell of
-- `celdaDeZoom`: 90 / 2^level degrees; the odd levels 7 to 17, each read for its own zoom and the
-- one below it, whose cells hold four of its own), cell and purpose, how many searchable
-- listings with coordinates it holds and the sums of their latitudes, longitudes and seqs (the
-- mean position; a cell of one listing names it by its seq). A view's cells entirely inside it are
-- read from here; its edge cells (partly outside the view) from the search table.
CREATE TABLE IF NOT EXISTS "search_map_cells" (
	"level" smallint NOT NULL,
	"gy" integer NOT NULL,
	"gx" integer NOT NULL,
	"proposito" text NOT NULL,
	"n" integer NOT NULL,
	"lat_sum" double precision NOT NULL,
	"lng_sum" double precision NOT NULL,
	"seq_sum" bigint NOT NULL,
	CONSTRAINT "search_map_cells_level_gy_gx_proposito_pk" PRIMARY KEY("level","gy","gx","proposito")
);--> statement-breakpoint
CREATE FUNCTION search_map_add(a anuncios, delta integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF a.latitude IS NULL OR a.longitude IS NULL THEN
    RETURN;
  END IF;
  -- the same float8 arithmetic as map.ts: floor(lat / cell), cell = 90 / 2^level
  INSERT INTO search_map_cells (level, gy, gx, proposito, n, lat_sum, lng_sum, seq_sum)
  SELECT l, floor(a.latitude / (90::float8 / 2::float8 ^ l))::int, floor(a.longitude / (90::float8 / 2::float8 ^ l))::int, a.proposito,
    delta, delta * a.latitude, delta * a.longitude, delta * a.seq
  FROM unnest(ARRAY[7, 9, 11, 13, 15, 17]) AS l
  ON CONFLICT (level, gy, gx, proposito) DO UPDATE SET n = search_map_cells.n + EXCLUDED.n,
    lat_sum = search_map_cells.lat_sum + EXCLUDED.lat_sum, lng_sum = search_map_cells.lng_sum + EXCLUDED.lng_sum,
    seq_sum = search_map_cells.seq_sum + EXCLUDED.seq_sum;
END
$$;--> statement-breakpoint
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
    PERFORM search_map_add(NEW, 1);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
INSERT INTO search_map_cells (level, gy, gx, proposito, n, lat_sum, lng_sum, seq_sum)
SELECT l, floor(a.latitude / (90::float8 / 2::float8 ^ l))::int, floor(a.longitude / (90::float8 / 2::float8 ^ l))::int, a.proposito,
  count(*), sum(a.latitude), sum(a.longitude), sum(a.seq)
FROM anuncios a CROSS JOIN unnest(ARRAY[7, 9, 11, 13, 15, 17]) AS l
WHERE anuncio_searchable(a) AND a.latitude IS NOT NULL AND a.longitude IS NOT NULL
GROUP BY 1, 2, 3, 4;--> statement-breakpoint
-- The view's edge cells: a thin strip of latitudes (the geo index) or of longitudes (this one),
-- index-only with a purpose.
CREATE INDEX IF NOT EXISTS "anuncio_search_geo_lng_idx" ON "anuncio_search" ("lng", "lat") INCLUDE ("seq", "proposito") WHERE "lat" IS NOT NULL;--> statement-breakpoint
ANALYZE search_map_cells;--> statement-breakpoint
ANALYZE anuncio_search;
