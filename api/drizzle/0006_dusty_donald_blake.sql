CREATE TABLE "contact_leads" (
	"anuncio_id" uuid NOT NULL,
	"canal" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"last_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contact_leads_anuncio_id_canal_pk" PRIMARY KEY("anuncio_id","canal")
);
--> statement-breakpoint
ALTER TABLE "contact_leads" ADD CONSTRAINT "contact_leads_anuncio_id_anuncios_id_fk" FOREIGN KEY ("anuncio_id") REFERENCES "public"."anuncios"("id") ON DELETE cascade ON UPDATE no action;