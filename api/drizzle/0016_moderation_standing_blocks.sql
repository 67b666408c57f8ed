-- Issue 40 (docs/decisions/0015-reports-that-cannot-be-weaponised.md): reports carry their network,
-- the listing's owner and whether they count toward a hold; photo fingerprints per account; what a
-- block covers (phones, photo fingerprints); indexes for the queue's held listings and the blocked list.
CREATE TABLE "blocked_phones" (
	"phone" text NOT NULL,
	"user_id" uuid NOT NULL,
	CONSTRAINT "blocked_phones_phone_user_id_pk" PRIMARY KEY("phone","user_id")
);
--> statement-breakpoint
CREATE TABLE "blocked_photos" (
	"user_id" uuid NOT NULL,
	"hash" bigint NOT NULL,
	CONSTRAINT "blocked_photos_user_id_hash_pk" PRIMARY KEY("user_id","hash")
);
--> statement-breakpoint
CREATE TABLE "photo_hashes" (
	"key" text PRIMARY KEY NOT NULL,
	"owner_id" uuid NOT NULL,
	"hash" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "anuncio_reports" ADD COLUMN "network" text;--> statement-breakpoint
ALTER TABLE "anuncio_reports" ADD COLUMN "owner_id" uuid;--> statement-breakpoint
ALTER TABLE "anuncio_reports" ADD COLUMN "counts" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "photo_hashes" ADD CONSTRAINT "photo_hashes_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "blocked_phones_user_idx" ON "blocked_phones" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "photo_hashes_owner_idx" ON "photo_hashes" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "anuncio_reports_owner_idx" ON "anuncio_reports" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE INDEX "anuncio_reports_network_idx" ON "anuncio_reports" USING btree ("network","created_at");--> statement-breakpoint
CREATE INDEX "anuncios_held_idx" ON "anuncios" USING btree ("id") WHERE "anuncios"."estado" = 'en revisión';--> statement-breakpoint
CREATE INDEX "users_blocked_idx" ON "users" USING btree ("blocked_at") WHERE "users"."blocked_at" IS NOT NULL;--> statement-breakpoint
-- Existing reports: the owner of their listing, and the network of visitors' reports (their reporter
-- is the client key). They keep counts = false: visitors' reports never count now, and an account's
-- network when it reported was not recorded, so none of them moves a listing on or off hold.
-- Listings already held stay held until a moderator acts, as before.
UPDATE "anuncio_reports" SET "owner_id" = "anuncios"."owner_id" FROM "anuncios" WHERE "anuncios"."id" = "anuncio_reports"."anuncio_id";--> statement-breakpoint
UPDATE "anuncio_reports" SET "network" = "reporter" WHERE "reporter" NOT LIKE 'u:%';
