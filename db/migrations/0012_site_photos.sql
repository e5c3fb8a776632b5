-- Photos staff upload and replace in the desk: the home page's slideshow, the founder's photo,
-- the facilities and the events galleries. A new database starts with the drawings the site
-- has always shown (decision 018); an upload replaces a drawing and the drawing is not kept.
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
--> statement-breakpoint
INSERT INTO "site_photos" ("place", "position", "drawing", "alt", "caption", "branch") VALUES
  ('hero', 1, '/images/hero/slide-1.svg', 'Illustration of a microcontroller board with a chip, header pins and glowing circuit traces', '', NULL),
  ('hero', 2, '/images/hero/slide-2.svg', 'Illustration of sensors and connected devices sending data to the cloud', '', NULL),
  ('hero', 3, '/images/hero/slide-3.svg', 'Illustration of a code editor and a terminal window', '', NULL),
  ('hero', 4, '/images/hero/slide-4.svg', 'Illustration of a neural network with layers of connected nodes', '', NULL),
  ('hero', 5, '/images/hero/slide-5.svg', 'Illustration of MATLAB-style plots: a waveform, a frequency response and a block diagram', '', NULL),
  ('hero', 6, '/images/hero/slide-6.svg', 'Illustration of a classroom with a trainer at a whiteboard and students at lab desks', '', NULL),
  ('hero', 7, '/images/hero/slide-7.svg', 'Illustration of graduates in caps in front of office buildings and a rising chart', '', NULL),
  ('founder', 1, '/images/about/founder.svg', 'Illustrated portrait of Vikram Sundaresan, Founder & Chairman, in a blazer and spectacles', '', NULL),
  ('facilities', 1, '/images/facilities/hardware-facilities.svg', 'Illustration of a lab bench with a development board, an oscilloscope, a power supply and a soldering station', '', NULL),
  ('facilities', 2, '/images/facilities/practice-labs.svg', 'Illustration of a practice lab with rows of desks, monitors and development boards', '', NULL),
  ('facilities', 3, '/images/facilities/software-resources.svg', 'Illustration of overlapping windows: a code editor, a terminal and a plotted graph', '', NULL),
  ('facilities', 4, '/images/facilities/collaboration-and-support.svg', 'Illustration of students and a mentor discussing a project around a table with a laptop', '', NULL),
  ('workshops', 1, '/images/events/workshops-1.svg', 'Students at lab tables wiring ESP32 boards and sensors', 'Weekend ESP32 workshop for final-year ECE students, Chennai, March 2025', 'chennai'),
  ('workshops', 2, '/images/events/workshops-2.svg', 'Participants soldering components onto small circuit boards', 'Hands-on soldering and PCB assembly session for diploma students, Bengaluru, August 2024', 'bangalore'),
  ('workshops', 3, '/images/events/workshops-3.svg', 'A row of laptops showing Python code during a workshop', 'Two-day Python and Django bootcamp for B.Sc. and BCA students, Bengaluru, January 2025', 'bangalore'),
  ('workshops', 4, '/images/events/workshops-4.svg', 'A small robot car on a track surrounded by students', 'Line-follower robot workshop on STM32 for second-year engineering students, Chennai, October 2024', 'chennai'),
  ('seminars', 1, '/images/events/seminars-1.svg', 'A speaker at a podium presenting a slide of a microcontroller', 'Seminar on automotive embedded software and functional safety, Chennai, February 2025', 'chennai'),
  ('seminars', 2, '/images/events/seminars-2.svg', 'Three panellists seated on a stage in discussion', 'Panel discussion with hiring managers on what recruiters look for in freshers, Bengaluru, June 2024', 'bangalore'),
  ('seminars', 3, '/images/events/seminars-3.svg', 'An audience facing a screen with a neural network diagram', 'Guest lecture on building applications with large language models, Bengaluru, November 2024', 'bangalore'),
  ('seminars', 4, '/images/events/seminars-4.svg', 'Students watching an alumnus speak on a large screen', 'Alumni talk: my first year as a firmware engineer, Chennai, July 2024', 'chennai'),
  ('exhibitions', 1, '/images/events/exhibitions-1.svg', 'A project stall with a poster and a small robotic arm', 'End-of-batch project exhibition with a pick-and-place robotic arm on STM32, Chennai, December 2024', 'chennai'),
  ('exhibitions', 2, '/images/events/exhibitions-2.svg', 'A smart irrigation model with a potted plant, sensor and phone dashboard', 'Smart irrigation system with soil sensors and an MQTT dashboard by IoT students, Bengaluru, April 2025', 'bangalore'),
  ('exhibitions', 3, '/images/events/exhibitions-3.svg', 'Visitors walking between project stalls with posters', 'Open house for engineering colleges featuring thirty student projects, Bengaluru, September 2024', 'bangalore'),
  ('exhibitions', 4, '/images/events/exhibitions-4.svg', 'A trophy in front of a project poster showing charts', 'Best project award for a crop-disease detection app built in the AI course, Chennai, May 2025', 'chennai');
