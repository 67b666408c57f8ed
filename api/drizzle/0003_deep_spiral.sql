CREATE TABLE "anuncio_search" (
	"seq" bigint PRIMARY KEY NOT NULL,
	"bucket" smallint NOT NULL,
	"place" text NOT NULL,
	"region" text NOT NULL,
	"locality" text NOT NULL,
	"proposito" text NOT NULL,
	"propiedad" text NOT NULL,
	"habitaciones" integer,
	"metros" double precision,
	"moneda" text NOT NULL,
	"price" double precision NOT NULL,
	"price_rd" double precision NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limit_hits" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" integer NOT NULL,
	"reset_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_facets" (
	"kind" text NOT NULL,
	"value" text NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "search_facets_kind_value_pk" PRIMARY KEY("kind","value")
);
--> statement-breakpoint
DROP INDEX "anuncios_status_price_rd_idx";--> statement-breakpoint
DROP INDEX "anuncios_status_place_idx";--> statement-breakpoint
DROP INDEX "anuncios_status_region_idx";--> statement-breakpoint
DROP INDEX "anuncios_status_locality_idx";--> statement-breakpoint
DROP INDEX "anuncios_status_tipo_seq_idx";--> statement-breakpoint
DROP INDEX "anuncios_status_region_proposito_idx";--> statement-breakpoint
DROP INDEX "anuncios_status_place_proposito_idx";--> statement-breakpoint
DROP INDEX "anuncios_status_moneda_price_idx";--> statement-breakpoint
DROP INDEX "anuncios_status_propiedad_habitaciones_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "anuncios_seq_uq" ON "anuncios" USING btree ("seq");