CREATE TABLE "account_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "anuncios" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigserial NOT NULL,
	"owner_id" uuid,
	"source" text,
	"source_ref" text,
	"status" text DEFAULT 'published' NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"description" text NOT NULL,
	"price" double precision NOT NULL,
	"moneda" text NOT NULL,
	"price_rd" double precision NOT NULL,
	"proposito" text NOT NULL,
	"propiedad" text NOT NULL,
	"metros" double precision,
	"habitaciones" integer,
	"banos" integer,
	"nivel" integer,
	"balcon" boolean DEFAULT false NOT NULL,
	"patio" boolean DEFAULT false NOT NULL,
	"piscina" boolean DEFAULT false NOT NULL,
	"parqueo" boolean DEFAULT false NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"apellido" text DEFAULT '' NOT NULL,
	"empresa" text DEFAULT '' NOT NULL,
	"movil" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"place" text DEFAULT '' NOT NULL,
	"region" text DEFAULT '' NOT NULL,
	"locality" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"image_keys" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"name" text NOT NULL,
	"apellido" text NOT NULL,
	"confirmed" boolean DEFAULT false NOT NULL,
	"mi_plan" integer DEFAULT 5 NOT NULL,
	"token_version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_email_unique" UNIQUE("email")
);
--> statement-breakpoint
ALTER TABLE "account_tokens" ADD CONSTRAINT "account_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "anuncios" ADD CONSTRAINT "anuncios_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_tokens_user_idx" ON "account_tokens" USING btree ("user_id","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "anuncios_source_ref_uq" ON "anuncios" USING btree ("source","source_ref");--> statement-breakpoint
CREATE INDEX "anuncios_owner_idx" ON "anuncios" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "anuncios_status_seq_idx" ON "anuncios" USING btree ("status","seq");--> statement-breakpoint
CREATE INDEX "anuncios_status_price_rd_idx" ON "anuncios" USING btree ("status","price_rd");--> statement-breakpoint
CREATE INDEX "anuncios_status_place_idx" ON "anuncios" USING btree ("status","place");--> statement-breakpoint
CREATE INDEX "anuncios_status_region_idx" ON "anuncios" USING btree ("status","region");--> statement-breakpoint
CREATE INDEX "anuncios_status_locality_idx" ON "anuncios" USING btree ("status","locality");--> statement-breakpoint
CREATE INDEX "anuncios_status_tipo_seq_idx" ON "anuncios" USING btree ("status","proposito","propiedad","seq");