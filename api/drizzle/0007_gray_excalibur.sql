CREATE TABLE "anuncio_reports" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"anuncio_id" uuid NOT NULL,
	"reporter" text NOT NULL,
	"user_id" uuid,
	"day" text NOT NULL,
	"motivo" text NOT NULL,
	"comentario" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "moderation_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"anuncio_id" uuid,
	"user_id" uuid,
	"accion" text NOT NULL,
	"motivo" text DEFAULT '' NOT NULL,
	"moderator_id" uuid,
	"moderator_email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "anuncios" ADD COLUMN "estado_previo" text;--> statement-breakpoint
ALTER TABLE "anuncios" ADD COLUMN "bloqueado" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "blocked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "anuncio_reports" ADD CONSTRAINT "anuncio_reports_anuncio_id_anuncios_id_fk" FOREIGN KEY ("anuncio_id") REFERENCES "public"."anuncios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "anuncio_reports" ADD CONSTRAINT "anuncio_reports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "anuncio_reports_daily_uq" ON "anuncio_reports" USING btree ("anuncio_id","reporter","day");--> statement-breakpoint
CREATE INDEX "anuncio_reports_open_idx" ON "anuncio_reports" USING btree ("anuncio_id","created_at") WHERE "anuncio_reports"."resolved_at" IS NULL;--> statement-breakpoint
CREATE INDEX "moderation_events_anuncio_idx" ON "moderation_events" USING btree ("anuncio_id","id");--> statement-breakpoint
CREATE INDEX "moderation_events_user_idx" ON "moderation_events" USING btree ("user_id","id");--> statement-breakpoint
-- Issue 23 (docs/decisions/0010-reports-and-moderation.md): a blocked owner's listings leave search
-- whatever their estado. Held (en revisión) and withdrawn (retirado) ones already do (estado is not
-- 'activo'). The search table's trigger asks this one function; every row has bloqueado = false
-- now, so nothing needs re-syncing.
CREATE OR REPLACE FUNCTION anuncio_searchable(a anuncios) RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT a.status = 'published' AND a.estado = 'activo' AND NOT a.bloqueado
$$;
