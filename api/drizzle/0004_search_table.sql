-- The search table's trigger, backfill and covering indexes (docs/decisions/0005-search-table-and-estimated-counts.md).
-- A listing is searchable when status = 'published': that predicate lives in anuncio_searchable()
-- only, so a later "estado = 'activo'" rule is a change to that one function.
CREATE FUNCTION anuncio_searchable(a anuncios) RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT a.status = 'published'
$$;
--> statement-breakpoint
CREATE FUNCTION search_facet_add(a anuncios, delta integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_facets (kind, value, n)
  SELECT f.kind, f.value, delta FROM (VALUES ('all', ''), ('place', a.place), ('region', a.region), ('locality', a.locality)) AS f(kind, value)
  WHERE f.value <> '' OR f.kind = 'all'
  ON CONFLICT (kind, value) DO UPDATE SET n = search_facets.n + EXCLUDED.n;
END
$$;
--> statement-breakpoint
CREATE FUNCTION anuncio_search_sync() RETURNS trigger LANGUAGE plpgsql AS $$
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
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND anuncio_searchable(NEW) THEN
    INSERT INTO anuncio_search (seq, bucket, place, region, locality, proposito, propiedad, habitaciones, metros, moneda, price, price_rd)
    VALUES (NEW.seq, hashint8(NEW.seq) & 1023, NEW.place, NEW.region, NEW.locality, NEW.proposito, NEW.propiedad, NEW.habitaciones, NEW.metros, NEW.moneda, NEW.price, NEW.price_rd);
    PERFORM search_facet_add(NEW, 1);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
INSERT INTO anuncio_search (seq, bucket, place, region, locality, proposito, propiedad, habitaciones, metros, moneda, price, price_rd)
SELECT a.seq, hashint8(a.seq) & 1023, a.place, a.region, a.locality, a.proposito, a.propiedad, a.habitaciones, a.metros, a.moneda, a.price, a.price_rd
FROM anuncios a WHERE anuncio_searchable(a);
--> statement-breakpoint
INSERT INTO search_facets (kind, value, n)
SELECT f.kind, f.value, count(*) FROM anuncios a
CROSS JOIN LATERAL (VALUES ('all', ''), ('place', a.place), ('region', a.region), ('locality', a.locality)) AS f(kind, value)
WHERE anuncio_searchable(a) AND (f.value <> '' OR f.kind = 'all')
GROUP BY f.kind, f.value;
--> statement-breakpoint
CREATE TRIGGER anuncio_search_sync AFTER INSERT OR UPDATE OR DELETE ON anuncios FOR EACH ROW EXECUTE FUNCTION anuncio_search_sync();
--> statement-breakpoint
-- Every index carries the other filter columns (INCLUDE), so a count or a page's keys are read
-- from the index alone (index-only scans) whatever the combination of filters.
CREATE INDEX anuncio_search_region_idx ON anuncio_search (region, proposito, propiedad, seq) INCLUDE (place, locality, habitaciones, metros, moneda, price, price_rd);
--> statement-breakpoint
CREATE INDEX anuncio_search_place_idx ON anuncio_search (place, proposito, propiedad, seq) INCLUDE (region, locality, habitaciones, metros, moneda, price, price_rd);
--> statement-breakpoint
CREATE INDEX anuncio_search_locality_idx ON anuncio_search (locality, seq) INCLUDE (place, region, proposito, propiedad, habitaciones, metros, moneda, price, price_rd);
--> statement-breakpoint
-- propiedad first: alone it is selective (a lone proposito, two values, is a large result, estimated).
CREATE INDEX anuncio_search_tipo_idx ON anuncio_search (propiedad, proposito, seq) INCLUDE (place, region, locality, habitaciones, metros, moneda, price, price_rd);
--> statement-breakpoint
CREATE INDEX anuncio_search_price_rd_idx ON anuncio_search (price_rd) INCLUDE (seq, place, region, locality, proposito, propiedad, habitaciones, metros, moneda, price);
--> statement-breakpoint
CREATE INDEX anuncio_search_proposito_price_rd_idx ON anuncio_search (proposito, price_rd) INCLUDE (seq, place, region, locality, propiedad, habitaciones, metros, moneda, price);
--> statement-breakpoint
CREATE INDEX anuncio_search_moneda_price_idx ON anuncio_search (moneda, price) INCLUDE (seq, place, region, locality, proposito, propiedad, habitaciones, metros, price_rd);
--> statement-breakpoint
CREATE INDEX anuncio_search_bucket_idx ON anuncio_search (bucket) INCLUDE (seq, place, region, locality, proposito, propiedad, habitaciones, metros, moneda, price, price_rd);
--> statement-breakpoint
-- Stratified samples: the bucket after a usual equality filter, so an estimate reads only the
-- matching prefix's sample (e.g. 1/8 of one province) instead of a sample of the whole table.
CREATE INDEX anuncio_search_region_bucket_idx ON anuncio_search (region, bucket) INCLUDE (seq, place, locality, proposito, propiedad, habitaciones, metros, moneda, price, price_rd);
--> statement-breakpoint
CREATE INDEX anuncio_search_place_bucket_idx ON anuncio_search (place, bucket) INCLUDE (seq, region, locality, proposito, propiedad, habitaciones, metros, moneda, price, price_rd);
--> statement-breakpoint
CREATE INDEX anuncio_search_propiedad_bucket_idx ON anuncio_search (propiedad, bucket) INCLUDE (seq, place, region, locality, proposito, habitaciones, metros, moneda, price, price_rd);
--> statement-breakpoint
CREATE INDEX anuncio_search_proposito_bucket_idx ON anuncio_search (proposito, bucket) INCLUDE (seq, place, region, locality, propiedad, habitaciones, metros, moneda, price, price_rd);
--> statement-breakpoint
CREATE INDEX anuncio_search_seq_all_idx ON anuncio_search (seq) INCLUDE (place, region, locality, proposito, propiedad, habitaciones, metros, moneda, price, price_rd);
--> statement-breakpoint
ANALYZE anuncio_search;
