CREATE TABLE "site_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- A database that an earlier version already started on has had its chance at demo content:
-- never add it again. Such a database has migrations applied by an earlier transaction, while
-- a new one gets all of them in this one (age(xmin) = 0: rows written by this transaction).
INSERT INTO "site_settings" ("key", "value")
SELECT 'demo_content', 'existing database'
WHERE EXISTS (SELECT 1 FROM "drizzle"."__drizzle_migrations" WHERE age(xmin) > 0);
