-- Issue 18 (docs/decisions/0005-search-table-and-estimated-counts.md, session 14): the search
-- table's place, region, locality, purpose, type and currency as integer codes instead of their
-- text. Each of its 16 covering indexes holds every filter column, and at 1M listings they were
-- 2.7 GB (110–220 bytes an entry): more than a small machine's file cache keeps, so cold searches
-- waited on disk reads. A code never changes and is never removed; the API reads them
-- (api/src/anuncios/search-codes.ts) and searches by code.
CREATE TABLE "search_codes" (
	"kind" text NOT NULL,
	"value" text NOT NULL,
	"code" integer GENERATED ALWAYS AS IDENTITY (sequence name "search_codes_code_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	CONSTRAINT "search_codes_kind_value_pk" PRIMARY KEY("kind","value"),
	CONSTRAINT "search_codes_code_unique" UNIQUE("code")
);
--> statement-breakpoint
INSERT INTO search_codes (kind, value)
SELECT DISTINCT f.kind, f.value
FROM anuncio_search s
CROSS JOIN LATERAL (VALUES ('place', s.place), ('region', s.region), ('locality', s.locality),
  ('proposito', s.proposito), ('propiedad', s.propiedad), ('moneda', s.moneda)) AS f(kind, value)
ORDER BY 1, 2;
--> statement-breakpoint
CREATE FUNCTION search_code_of(k text, v text) RETURNS integer LANGUAGE sql STABLE AS $$
  SELECT code FROM search_codes WHERE kind = k AND value = v
$$;
--> statement-breakpoint
-- One rewrite of the table, and of each index (their columns keep their names).
ALTER TABLE "anuncio_search"
  ALTER COLUMN "place" SET DATA TYPE integer USING search_code_of('place', place),
  ALTER COLUMN "region" SET DATA TYPE integer USING search_code_of('region', region),
  ALTER COLUMN "locality" SET DATA TYPE integer USING search_code_of('locality', locality),
  ALTER COLUMN "proposito" SET DATA TYPE integer USING search_code_of('proposito', proposito),
  ALTER COLUMN "propiedad" SET DATA TYPE integer USING search_code_of('propiedad', propiedad),
  ALTER COLUMN "moneda" SET DATA TYPE integer USING search_code_of('moneda', moneda);
--> statement-breakpoint
-- The trigger gives a value seen for the first time its code, then writes the codes. Two writers
-- with the same new value: the second one's insert waits for the first to commit and then does
-- nothing, and its next statement (a new snapshot) reads the first one's code.
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
    INSERT INTO search_codes (kind, value)
    SELECT f.kind, f.value
    FROM (VALUES ('place', NEW.place), ('region', NEW.region), ('locality', NEW.locality),
      ('proposito', NEW.proposito), ('propiedad', NEW.propiedad), ('moneda', NEW.moneda)) AS f(kind, value)
    WHERE NOT EXISTS (SELECT 1 FROM search_codes c WHERE c.kind = f.kind AND c.value = f.value)
    ON CONFLICT (kind, value) DO NOTHING;
    INSERT INTO anuncio_search (seq, bucket, place, region, locality, proposito, propiedad, habitaciones, metros, moneda, price, price_rd)
    VALUES (NEW.seq, hashint8(NEW.seq) & 1023, search_code_of('place', NEW.place), search_code_of('region', NEW.region),
      search_code_of('locality', NEW.locality), search_code_of('proposito', NEW.proposito), search_code_of('propiedad', NEW.propiedad),
      NEW.habitaciones, NEW.metros, search_code_of('moneda', NEW.moneda), NEW.price, NEW.price_rd);
    PERFORM search_facet_add(NEW, 1);
    PERFORM search_cube_add(NEW, 1);
    PERFORM search_cube_area_add(NEW, 1);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
ANALYZE search_codes;
--> statement-breakpoint
ANALYZE anuncio_search;
