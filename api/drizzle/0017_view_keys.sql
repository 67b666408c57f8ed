-- Issue 40: views counted once per client, listing and day on every API instance alike. The
-- visitors already counted today move from each process's memory to anuncio_vista_claves (an HMAC
-- of client and listing under a key derived from JWT_SECRET and the day; past days are deleted),
-- and anuncio_vistas keeps the views counted on its listing's current day, which stop at a
-- per-listing bound. Existing totals are kept as they are (dia 0: nothing counted today yet).
CREATE TABLE "anuncio_vista_claves" (
	"dia" integer NOT NULL,
	"clave" text NOT NULL,
	CONSTRAINT "anuncio_vista_claves_dia_clave_pk" PRIMARY KEY("dia","clave")
);
--> statement-breakpoint
ALTER TABLE "anuncio_vistas" ADD COLUMN "dia" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "anuncio_vistas" ADD COLUMN "dia_count" integer DEFAULT 0 NOT NULL;