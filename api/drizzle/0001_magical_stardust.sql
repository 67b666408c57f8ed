CREATE TABLE "feed_photos" (
	"source" text NOT NULL,
	"source_ref" text NOT NULL,
	"url" text NOT NULL,
	"key" text NOT NULL,
	CONSTRAINT "feed_photos_source_source_ref_url_pk" PRIMARY KEY("source","source_ref","url")
);
