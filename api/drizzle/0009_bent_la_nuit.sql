CREATE TABLE "alert_deliveries" (
	"search_id" uuid NOT NULL,
	"anuncio_id" uuid NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "alert_deliveries_search_id_anuncio_id_pk" PRIMARY KEY("search_id","anuncio_id")
);
--> statement-breakpoint
CREATE TABLE "alert_emails" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"search_id" uuid NOT NULL,
	"message" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alert_price_drops" (
	"user_id" uuid NOT NULL,
	"price_change_id" bigint NOT NULL,
	CONSTRAINT "alert_price_drops_user_id_price_change_id_pk" PRIMARY KEY("user_id","price_change_id")
);
--> statement-breakpoint
CREATE TABLE "favoritos" (
	"user_id" uuid NOT NULL,
	"anuncio_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "favoritos_user_id_anuncio_id_pk" PRIMARY KEY("user_id","anuncio_id")
);
--> statement-breakpoint
CREATE TABLE "saved_searches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"nombre" text NOT NULL,
	"filters" jsonb NOT NULL,
	"frecuencia" text NOT NULL,
	"next_due_at" timestamp with time zone,
	"unsubscribed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "alert_deliveries" ADD CONSTRAINT "alert_deliveries_search_id_saved_searches_id_fk" FOREIGN KEY ("search_id") REFERENCES "public"."saved_searches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_emails" ADD CONSTRAINT "alert_emails_search_id_saved_searches_id_fk" FOREIGN KEY ("search_id") REFERENCES "public"."saved_searches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_price_drops" ADD CONSTRAINT "alert_price_drops_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_price_drops" ADD CONSTRAINT "alert_price_drops_price_change_id_anuncio_price_changes_id_fk" FOREIGN KEY ("price_change_id") REFERENCES "public"."anuncio_price_changes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favoritos" ADD CONSTRAINT "favoritos_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD CONSTRAINT "saved_searches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alert_emails_pending_idx" ON "alert_emails" USING btree ("id") WHERE "alert_emails"."sent_at" IS NULL;--> statement-breakpoint
CREATE INDEX "favoritos_anuncio_idx" ON "favoritos" USING btree ("anuncio_id");--> statement-breakpoint
CREATE INDEX "saved_searches_user_idx" ON "saved_searches" USING btree ("user_id");