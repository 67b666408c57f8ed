-- Issue 46 (docs/decisions/0040-agencies.md): partners by configuration. The six partners of
-- before become agencies whose slugs are their old company keys, so every listing keeps its
-- `source` and is linked to its agency by a foreign key; a source no partner had (a listing
-- imported under a key since removed) becomes a paused agency of that slug: no listing is lost.
CREATE TABLE "agencias" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"logo" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"whatsapp" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"description" text DEFAULT '' NOT NULL,
	"rnc" text DEFAULT '' NOT NULL,
	"feed_url" text,
	"status" text DEFAULT 'active' NOT NULL,
	"kind" text DEFAULT 'feed' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agencias_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
INSERT INTO "agencias" ("slug", "name", "kind") VALUES
  ('hazim', 'Hazim', 'feed'), ('tucasard', 'TuCasaRD', 'feed'), ('noves', 'Noves', 'feed'),
  ('habitame', 'Habitame', 'feed'), ('cindy', 'Cindy', 'feed'), ('inversionisto', 'Inversionisto', 'feed');--> statement-breakpoint
INSERT INTO "agencias" ("slug", "name", "status", "kind")
SELECT DISTINCT "source", "source", 'paused', 'feed' FROM "anuncios" WHERE "source" IS NOT NULL
ON CONFLICT ("slug") DO NOTHING;--> statement-breakpoint
ALTER TABLE "anuncios" ADD CONSTRAINT "anuncios_source_agencias_slug_fk" FOREIGN KEY ("source") REFERENCES "public"."agencias"("slug") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
CREATE INDEX "anuncios_source_seq_idx" ON "anuncios" USING btree ("source","seq");