-- Issue 42 (docs/decisions/0024-search-module-and-orders.md): the results' sort orders. Each order
-- is read from an index of the search table in its own order (forwards, and backwards for the far
-- end of a result), with every filter column in the index (INCLUDE), so a page of any order is an
-- index-only walk that stops after its 12 matches, and a deep page starts at its anchor.
--
-- The price and area indexes the filters already had gain `seq` as their last key (the same size:
-- seq was an INCLUDE column): ties on a price or an area are then in seq order in the index too,
-- as the orders break them (api/src/search/orders.ts), and a search by purpose, province or
-- currency sorted by price reads its matches in order. New: the price per m² (the expression must
-- stay exactly as orders.ts writes it, or the planner will not use it), and the three orders by
-- property type, whose prices and areas follow the type (the largest areas are land and farms,
-- so an apartment sorted by area would otherwise be found after all of them).
-- No data changes; the search table's trigger is untouched.
DROP INDEX IF EXISTS "anuncio_search_price_rd_idx";
--> statement-breakpoint
-- Price, low → high (forwards) and high → low (backwards); and filters by a price in RD$.
CREATE INDEX "anuncio_search_price_rd_idx" ON "anuncio_search" ("price_rd", "seq") INCLUDE ("place", "region", "locality", "proposito", "propiedad", "habitaciones", "metros", "moneda", "price");
--> statement-breakpoint
DROP INDEX IF EXISTS "anuncio_search_proposito_price_rd_idx";
--> statement-breakpoint
CREATE INDEX "anuncio_search_proposito_price_rd_idx" ON "anuncio_search" ("proposito", "price_rd", "seq") INCLUDE ("place", "region", "locality", "propiedad", "habitaciones", "metros", "moneda", "price");
--> statement-breakpoint
DROP INDEX IF EXISTS "anuncio_search_region_price_rd_idx";
--> statement-breakpoint
CREATE INDEX "anuncio_search_region_price_rd_idx" ON "anuncio_search" ("region", "price_rd", "seq") INCLUDE ("place", "locality", "proposito", "propiedad", "habitaciones", "metros", "moneda", "price");
--> statement-breakpoint
DROP INDEX IF EXISTS "anuncio_search_moneda_price_idx";
--> statement-breakpoint
-- With a currency, prices are filtered and sorted in that currency (api/src/search/orders.ts).
CREATE INDEX "anuncio_search_moneda_price_idx" ON "anuncio_search" ("moneda", "price", "seq") INCLUDE ("place", "region", "locality", "proposito", "propiedad", "habitaciones", "metros", "price_rd");
--> statement-breakpoint
DROP INDEX IF EXISTS "anuncio_search_region_moneda_price_idx";
--> statement-breakpoint
CREATE INDEX "anuncio_search_region_moneda_price_idx" ON "anuncio_search" ("region", "moneda", "price", "seq") INCLUDE ("place", "locality", "proposito", "propiedad", "habitaciones", "metros", "price_rd");
--> statement-breakpoint
DROP INDEX IF EXISTS "anuncio_search_metros_idx";
--> statement-breakpoint
-- Largest area first (forwards), listings without an area last; and filters by area.
CREATE INDEX "anuncio_search_metros_idx" ON "anuncio_search" ("metros" DESC NULLS LAST, "seq" DESC) INCLUDE ("place", "region", "locality", "proposito", "propiedad", "habitaciones", "moneda", "price", "price_rd");
--> statement-breakpoint
-- Lowest price per m² in RD$ first, listings without an area (or of 0 m²) last.
CREATE INDEX "anuncio_search_price_m2_idx" ON "anuncio_search" ((CASE WHEN "metros" > 0 THEN "price_rd" / "metros" END), "seq") INCLUDE ("place", "region", "locality", "proposito", "propiedad", "habitaciones", "metros", "moneda", "price", "price_rd");
--> statement-breakpoint
-- The three orders within one property type.
CREATE INDEX "anuncio_search_propiedad_price_rd_idx" ON "anuncio_search" ("propiedad", "price_rd", "seq") INCLUDE ("place", "region", "locality", "proposito", "habitaciones", "metros", "moneda", "price");
--> statement-breakpoint
CREATE INDEX "anuncio_search_propiedad_metros_idx" ON "anuncio_search" ("propiedad", "metros" DESC NULLS LAST, "seq" DESC) INCLUDE ("place", "region", "locality", "proposito", "habitaciones", "moneda", "price", "price_rd");
--> statement-breakpoint
CREATE INDEX "anuncio_search_propiedad_price_m2_idx" ON "anuncio_search" ("propiedad", (CASE WHEN "metros" > 0 THEN "price_rd" / "metros" END), "seq") INCLUDE ("place", "region", "locality", "proposito", "habitaciones", "metros", "moneda", "price", "price_rd");
--> statement-breakpoint
-- The area orders among listings with rooms (a filter by rooms implies `habitaciones IS NOT NULL`,
-- so the planner takes these): land and farms, which have no rooms, lead both orders.
CREATE INDEX "anuncio_search_rooms_metros_idx" ON "anuncio_search" ("metros" DESC NULLS LAST, "seq" DESC) INCLUDE ("place", "region", "locality", "proposito", "propiedad", "habitaciones", "moneda", "price", "price_rd") WHERE "habitaciones" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "anuncio_search_rooms_price_m2_idx" ON "anuncio_search" ((CASE WHEN "metros" > 0 THEN "price_rd" / "metros" END), "seq") INCLUDE ("place", "region", "locality", "proposito", "propiedad", "habitaciones", "metros", "moneda", "price", "price_rd") WHERE "habitaciones" IS NOT NULL;
--> statement-breakpoint
ANALYZE anuncio_search;
