CREATE TABLE "search_cube" (
	"kind" text NOT NULL,
	"loc" text NOT NULL,
	"proposito" text NOT NULL,
	"propiedad" text NOT NULL,
	"rooms" smallint NOT NULL,
	"moneda" text NOT NULL,
	"band_rd" smallint NOT NULL,
	"band_own" smallint NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "search_cube_kind_loc_proposito_propiedad_rooms_moneda_band_rd_band_own_pk" PRIMARY KEY("kind","loc","proposito","propiedad","rooms","moneda","band_rd","band_own")
);
--> statement-breakpoint
-- Issue 18 (docs/decisions/0005-search-table-and-estimated-counts.md): the count cube. The price
-- bands' lower bounds, about 21 a decade from 100 to 10^10; api/src/anuncios/search-cube.ts
-- (PRICE_BANDS) has the same list and api/test/search-cube.test.ts checks that they agree.
CREATE FUNCTION search_price_band(p double precision) RETURNS smallint LANGUAGE sql IMMUTABLE AS $$
  SELECT width_bucket(p, '{100,110,120,130,140,150,160,180,200,220,250,280,300,350,400,450,500,600,700,800,900,1000,1100,1200,1300,1400,1500,1600,1800,2000,2200,2500,2800,3000,3500,4000,4500,5000,6000,7000,8000,9000,10000,11000,12000,13000,14000,15000,16000,18000,20000,22000,25000,28000,30000,35000,40000,45000,50000,60000,70000,80000,90000,100000,110000,120000,130000,140000,150000,160000,180000,200000,220000,250000,280000,300000,350000,400000,450000,500000,600000,700000,800000,900000,1000000,1100000,1200000,1300000,1400000,1500000,1600000,1800000,2000000,2200000,2500000,2800000,3000000,3500000,4000000,4500000,5000000,6000000,7000000,8000000,9000000,10000000,11000000,12000000,13000000,14000000,15000000,16000000,18000000,20000000,22000000,25000000,28000000,30000000,35000000,40000000,45000000,50000000,60000000,70000000,80000000,90000000,100000000,110000000,120000000,130000000,140000000,150000000,160000000,180000000,200000000,220000000,250000000,280000000,300000000,350000000,400000000,450000000,500000000,600000000,700000000,800000000,900000000,1000000000,1100000000,1200000000,1300000000,1400000000,1500000000,1600000000,1800000000,2000000000,2200000000,2500000000,2800000000,3000000000,3500000000,4000000000,4500000000,5000000000,6000000000,7000000000,8000000000,9000000000,10000000000}'::double precision[])::smallint
$$;
--> statement-breakpoint
-- habitaciones as the cube keeps it: -1 none (or negative: no "at least" filter matches), 6 = six or more.
CREATE FUNCTION search_rooms(h integer) RETURNS smallint LANGUAGE sql IMMUTABLE AS $$
  SELECT (CASE WHEN h IS NULL OR h < 0 THEN -1 WHEN h >= 6 THEN 6 ELSE h END)::smallint
$$;
--> statement-breakpoint
CREATE FUNCTION search_cube_add(a anuncios, delta integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_cube (kind, loc, proposito, propiedad, rooms, moneda, band_rd, band_own, n)
  SELECT f.kind, f.loc, a.proposito, a.propiedad, search_rooms(a.habitaciones), a.moneda, search_price_band(a.price_rd), search_price_band(a.price), delta
  FROM (VALUES ('all', ''), ('region', a.region), ('place', a.place), ('locality', a.locality)) AS f(kind, loc)
  WHERE f.loc <> '' OR f.kind = 'all'
  ON CONFLICT (kind, loc, proposito, propiedad, rooms, moneda, band_rd, band_own) DO UPDATE SET n = search_cube.n + EXCLUDED.n;
END
$$;
--> statement-breakpoint
-- The search table's trigger (migration 0004) also keeps the cube: same rule (anuncio_searchable).
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
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND anuncio_searchable(NEW) THEN
    INSERT INTO anuncio_search (seq, bucket, place, region, locality, proposito, propiedad, habitaciones, metros, moneda, price, price_rd)
    VALUES (NEW.seq, hashint8(NEW.seq) & 1023, NEW.place, NEW.region, NEW.locality, NEW.proposito, NEW.propiedad, NEW.habitaciones, NEW.metros, NEW.moneda, NEW.price, NEW.price_rd);
    PERFORM search_facet_add(NEW, 1);
    PERFORM search_cube_add(NEW, 1);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
INSERT INTO search_cube (kind, loc, proposito, propiedad, rooms, moneda, band_rd, band_own, n)
SELECT f.kind, f.loc, s.proposito, s.propiedad, search_rooms(s.habitaciones), s.moneda, search_price_band(s.price_rd), search_price_band(s.price), count(*)
FROM anuncio_search s
CROSS JOIN LATERAL (VALUES ('all', ''), ('region', s.region), ('place', s.place), ('locality', s.locality)) AS f(kind, loc)
WHERE f.loc <> '' OR f.kind = 'all'
GROUP BY 1, 2, 3, 4, 5, 6, 7, 8;
--> statement-breakpoint
ANALYZE search_cube;
