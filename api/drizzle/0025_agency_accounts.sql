-- Issue 46, agency accounts (docs/decisions/0042-agency-accounts.md): an account's agency (kind
-- 'account'), its members (one administrator, the agents) and the emailed invitations (only the
-- token's hash kept). The plan's quota of a member is the agency's: the administrator's plan
-- against the agency's active listings (its `source`), so anuncio_claim_slot (migration 0015)
-- locks the administrator's row for every member's publish (the lock lockQuota takes in
-- api/src/anuncios/repository.ts) and counts by source.
CREATE TABLE "agencia_invitaciones" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agencia_id" uuid NOT NULL,
	"email" text NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by" uuid,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agencia_invitaciones_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "agencia_miembros" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"agencia_id" uuid NOT NULL,
	"role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "agencia_invitaciones" ADD CONSTRAINT "agencia_invitaciones_agencia_id_agencias_id_fk" FOREIGN KEY ("agencia_id") REFERENCES "public"."agencias"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agencia_invitaciones" ADD CONSTRAINT "agencia_invitaciones_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agencia_miembros" ADD CONSTRAINT "agencia_miembros_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agencia_miembros" ADD CONSTRAINT "agencia_miembros_agencia_id_agencias_id_fk" FOREIGN KEY ("agencia_id") REFERENCES "public"."agencias"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agencia_invitaciones_agencia_idx" ON "agencia_invitaciones" USING btree ("agencia_id","created_at");--> statement-breakpoint
CREATE INDEX "agencia_miembros_agencia_idx" ON "agencia_miembros" USING btree ("agencia_id","role");--> statement-breakpoint
CREATE UNIQUE INDEX "agencia_miembros_admin_uq" ON "agencia_miembros" USING btree ("agencia_id") WHERE "agencia_miembros"."role" = 'admin';--> statement-breakpoint
CREATE OR REPLACE FUNCTION anuncio_claim_slot(owner uuid) RETURNS uuid LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  plan integer;
  used bigint;
  agency text;
  admin uuid;
BEGIN
  SELECT a.slug, adm.user_id INTO agency, admin
  FROM agencia_miembros m
  JOIN agencias a ON a.id = m.agencia_id
  JOIN agencia_miembros adm ON adm.agencia_id = m.agencia_id AND adm.role = 'admin'
  WHERE m.user_id = owner;
  IF agency IS NULL THEN
    SELECT mi_plan INTO plan FROM users WHERE id = owner FOR UPDATE;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'owner missing' USING ERRCODE = 'RDQ01';
    END IF;
    SELECT count(*) INTO used FROM anuncios WHERE owner_id = owner AND estado = 'activo';
  ELSE
    SELECT mi_plan INTO plan FROM users WHERE id = admin FOR UPDATE;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'owner missing' USING ERRCODE = 'RDQ01';
    END IF;
    SELECT count(*) INTO used FROM anuncios WHERE source = agency AND estado = 'activo';
  END IF;
  IF used >= plan THEN
    RAISE EXCEPTION 'quota reached' USING ERRCODE = 'RDQ01';
  END IF;
  RETURN owner;
END
$$;