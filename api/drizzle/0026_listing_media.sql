ALTER TABLE "anuncios" ADD COLUMN "video_url" text;--> statement-breakpoint
ALTER TABLE "anuncios" ADD COLUMN "tour_url" text;