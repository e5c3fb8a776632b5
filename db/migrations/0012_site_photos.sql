-- Photos staff upload and replace in the desk: the home page's slideshow, the founder's photo,
-- the facilities and the events galleries. The server's first start on a database without
-- photos adds the drawings the site has always shown (app/site/content/photos.ts, decision
-- 018), so a restore or a copy into a new database still finds it empty.
CREATE TABLE "site_photos" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "site_photos_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"place" text NOT NULL,
	"position" integer NOT NULL,
	"drawing" text,
	"image_key" text,
	"alt" text NOT NULL,
	"caption" text DEFAULT '' NOT NULL,
	"event_date" date,
	"branch" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	CONSTRAINT "site_photos_one_source" CHECK (("drawing" IS NULL) <> ("image_key" IS NULL)),
	CONSTRAINT "site_photos_alt_given" CHECK (length(btrim("alt")) > 0)
);
--> statement-breakpoint
CREATE INDEX "site_photos_place_idx" ON "site_photos" USING btree ("place","position","id");
