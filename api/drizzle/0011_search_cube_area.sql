CREATE TABLE "search_cube_area" (
	"kind" text NOT NULL,
	"loc" text NOT NULL,
	"proposito" text NOT NULL,
	"propiedad" text NOT NULL,
	"rooms" smallint NOT NULL,
	"moneda" text NOT NULL,
	"band_area" smallint NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "search_cube_area_kind_loc_proposito_propiedad_rooms_moneda_band_area_pk" PRIMARY KEY("kind","loc","proposito","propiedad","rooms","moneda","band_area")
);

--> statement-breakpoint
-- Issue 18 (docs/decisions/0005-search-table-and-estimated-counts.md): the area cube. The area
-- bands' lower bounds in m², about 21 a decade from 10 to 10^7; api/src/anuncios/search-cube.ts
-- (AREA_BANDS) has the same list and api/test/search-scale.test.ts checks that they agree. A
-- listing without an area is band -1, which no area filter covers.
CREATE FUNCTION search_area_band(m double precision) RETURNS smallint LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(width_bucket(m, '{10,11,12,13,14,15,16,18,20,22,25,28,30,35,40,45,50,60,70,80,90,100,110,120,130,140,150,160,180,200,220,250,280,300,350,400,450,500,600,700,800,900,1000,1100,1200,1300,1400,1500,1600,1800,2000,2200,2500,2800,3000,3500,4000,4500,5000,6000,7000,8000,9000,10000,11000,12000,13000,14000,15000,16000,18000,20000,22000,25000,28000,30000,35000,40000,45000,50000,60000,70000,80000,90000,100000,110000,120000,130000,140000,150000,160000,180000,200000,220000,250000,280000,300000,350000,400000,450000,500000,600000,700000,800000,900000,1000000,1100000,1200000,1300000,1400000,1500000,1600000,1800000,2000000,2200000,2500000,2800000,3000000,3500000,4000000,4500000,5000000,6000000,7000000,8000000,9000000,10000000}'::double precision[]), -1)::smallint
$$;
--> statement-breakpoint
CREATE FUNCTION search_cube_area_add(a anuncios, delta integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_cube_area (kind, loc, proposito, propiedad, rooms, moneda, band_area, n)
  SELECT f.kind, f.loc, a.proposito, a.propiedad, search_rooms(a.habitaciones), a.moneda, search_area_band(a.metros), delta
  FROM (VALUES ('all', ''), ('region', a.region), ('place', a.place), ('locality', a.locality)) AS f(kind, loc)
  WHERE f.loc <> '' OR f.kind = 'all'
  ON CONFLICT (kind, loc, proposito, propiedad, rooms, moneda, band_area) DO UPDATE SET n = search_cube_area.n + EXCLUDED.n;
END
$$;
--> statement-breakpoint
-- The search table's trigger (migrations 0004, 0010) also keeps the area cube: same rule (anuncio_searchable).
CREATE OR REPLACE FUNCTION anuncio_search_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE'
     AND anuncio_searchable(OLD) = anuncio_searchable(NEW)
     AND (OLD.place, OLD.region, OLD.locality, OLD.proposito, OLD.propiedad, OLD.habitaciones, OLD.metros, OLD.moneda, OLD.price, OLD.price_rd)
         IS NOT DISTINCT FROM
         (NEW.place, NEW.region, NEW.locality, NEW.proposito, NEW.propiedad, NEW.habitaciones, NEW.metros, NEW.moneda, NEW.price, NEW.price_rd) THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') AND anuncio_searchable(OLD) THEN
    DELETE FROM anuncio_search WHERE seq = OLD.seq;
    PERFORM search_facet_add(OLD, -1);
    PERFORM search_cube_add(OLD, -1);
    PERFORM search_cube_area_add(OLD, -1);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND anuncio_searchable(NEW) THEN
    INSERT INTO anuncio_search (seq, bucket, place, region, locality, proposito, propiedad, habitaciones, metros, moneda, price, price_rd)
    VALUES (NEW.seq, hashint8(NEW.seq) & 1023, NEW.place, NEW.region, NEW.locality, NEW.proposito, NEW.propiedad, NEW.habitaciones, NEW.metros, NEW.moneda, NEW.price, NEW.price_rd);
    PERFORM search_facet_add(NEW, 1);
    PERFORM search_cube_add(NEW, 1);
    PERFORM search_cube_area_add(NEW, 1);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
INSERT INTO search_cube_area (kind, loc, proposito, propiedad, rooms, moneda, band_area, n)
SELECT f.kind, f.loc, s.proposito, s.propiedad, search_rooms(s.habitaciones), s.moneda, search_area_band(s.metros), count(*)
FROM anuncio_search s
CROSS JOIN LATERAL (VALUES ('all', ''), ('region', s.region), ('place', s.place), ('locality', s.locality)) AS f(kind, loc)
WHERE f.loc <> '' OR f.kind = 'all'
GROUP BY 1, 2, 3, 4, 5, 6, 7;
--> statement-breakpoint
-- The exact count of an area search's edge band reads only that band of this index.
CREATE INDEX "anuncio_search_metros_idx" ON "anuncio_search" ("metros") INCLUDE ("seq", "place", "region", "locality", "proposito", "propiedad", "habitaciones", "moneda", "price", "price_rd");
--> statement-breakpoint
-- A province's listings by price (RD$, and in their own currency): the exact count of a province
-- search's edge band reads only the province's part of the band (was the band over the whole
-- country, or the whole province), and a small result with a price range finds its matches
-- among the province's listings in that range.
CREATE INDEX "anuncio_search_region_price_rd_idx" ON "anuncio_search" ("region", "price_rd") INCLUDE ("seq", "place", "locality", "proposito", "propiedad", "habitaciones", "metros", "moneda", "price");
--> statement-breakpoint
CREATE INDEX "anuncio_search_region_moneda_price_idx" ON "anuncio_search" ("region", "moneda", "price") INCLUDE ("seq", "place", "locality", "proposito", "propiedad", "habitaciones", "metros", "price_rd");
--> statement-breakpoint
-- A search reads a location's cells in key order: stored in that order they fill a few pages
-- instead of one page a cell (the backfill's and the writes' order), and room left on each page
-- keeps an updated count on its page (HOT update), so the order lasts.
ALTER TABLE search_cube SET (fillfactor = 70);
--> statement-breakpoint
CLUSTER search_cube USING search_cube_kind_loc_proposito_propiedad_rooms_moneda_band_rd_b;
--> statement-breakpoint
ALTER TABLE search_cube_area SET (fillfactor = 70);
--> statement-breakpoint
CLUSTER search_cube_area USING search_cube_area_kind_loc_proposito_propiedad_rooms_moneda_band;
--> statement-breakpoint
ANALYZE search_cube;
--> statement-breakpoint
ANALYZE search_cube_area;
