-- Issue 45 (docs/decisions/0027-photos-in-object-storage.md): the width and height of both
-- renditions of each photo, stored beside the listing's keys so no renderer downloads a photo to
-- size it: {"<key>": [width, height, cardWidth, cardHeight]}. Written at upload; rows stored
-- before this migration are filled by the API's photo-size job at start (it reads each
-- rendition's WebP header through the photo storage), which is idempotent.
ALTER TABLE "anuncios" ADD COLUMN IF NOT EXISTS "image_sizes" jsonb DEFAULT '{}'::jsonb NOT NULL;
