CREATE TABLE "songs" (
	"id" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"theme" text DEFAULT '' NOT NULL,
	"duration_seconds" integer NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"youtube_url" text NOT NULL,
	"position" integer NOT NULL,
	"audio_src" text,
	"audio_key" text,
	"audio_name" text,
	"audio_format" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "image_key" text;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "image_width" integer;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "image_height" integer;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "image_thumb_key" text;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "image_thumb_width" integer;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "image_thumb_height" integer;--> statement-breakpoint
CREATE INDEX "songs_position_idx" ON "songs" USING btree ("position");--> statement-breakpoint
-- Hand-written (decision 035): the songs' YouTube links left site settings. If the owner saved any
-- of them with a value of her own, the four shipped songs become rows carrying her links, so nothing
-- she typed is lost; otherwise the table stays empty and /music shows the shipped songs as before.
INSERT INTO "songs" ("id", "title", "theme", "duration_seconds", "description", "youtube_url", "position", "audio_src", "audio_name", "audio_format")
SELECT gen_random_uuid()::text, v.title, v.theme, v.seconds, v.description, COALESCE(s."values"->>v.field, v.url), v.position, v.audio_src, v.audio_name, v.audio_format
FROM "site_settings" s
CROSS JOIN (VALUES
	('song1Url', 1, 'Light Within', 'Self-love', 225, 'A tender song about remembering the light you carry, written for quiet mornings.', 'https://www.youtube.com/watch?v=LIGHTWITHIN', '/audio/light-within-sample.wav', 'light-within-sample.wav', 'WAV'),
	('song2Url', 2, 'Angel Wings', 'Angelic guidance', 252, 'Layered voices and soft bells, inspired by the angel-light photographs from a summer ceremony.', 'https://www.youtube.com/watch?v=ANGELWINGS1', NULL, NULL, NULL),
	('song3Url', 3, 'Sacred Earth', 'Grounding', 208, 'A drum-led chant recorded after a sunrise at Stonehenge, for feeling rooted and present.', 'https://www.youtube.com/watch?v=SACREDEARTH', NULL, NULL, NULL),
	('song4Url', 4, 'Return to Peace', 'Inner peace', 195, 'A slow lullaby for the end of the day, to soften into rest.', 'https://www.youtube.com/watch?v=RETURNPEACE', NULL, NULL, NULL)
) AS v("field", "position", "title", "theme", "seconds", "description", "url", "audio_src", "audio_name", "audio_format")
WHERE (s."values"->>'song1Url' IS NOT NULL AND s."values"->>'song1Url' <> 'https://www.youtube.com/watch?v=LIGHTWITHIN')
	OR (s."values"->>'song2Url' IS NOT NULL AND s."values"->>'song2Url' <> 'https://www.youtube.com/watch?v=ANGELWINGS1')
	OR (s."values"->>'song3Url' IS NOT NULL AND s."values"->>'song3Url' <> 'https://www.youtube.com/watch?v=SACREDEARTH')
	OR (s."values"->>'song4Url' IS NOT NULL AND s."values"->>'song4Url' <> 'https://www.youtube.com/watch?v=RETURNPEACE');
