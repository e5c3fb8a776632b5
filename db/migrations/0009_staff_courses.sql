CREATE TABLE "staff_courses" (
	"user_id" text NOT NULL,
	"course" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_courses_user_id_course_pk" PRIMARY KEY("user_id","course"),
	CONSTRAINT "staff_courses_course_check" CHECK ("staff_courses"."course" in ('embedded', 'iot', 'python', 'ai', 'matlab', 'all'))
);
--> statement-breakpoint
ALTER TABLE "staff_courses" ADD CONSTRAINT "staff_courses_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- Each course coordinator (role = a course key) becomes a counsellor of that course...
INSERT INTO "staff_courses" ("user_id", "course")
SELECT "id", "role" FROM "user" WHERE "role" IN ('embedded', 'iot', 'python', 'ai', 'matlab');
--> statement-breakpoint
-- ...and of each course whose assignment pool they are in: they are already given its new students.
INSERT INTO "staff_courses" ("user_id", "course")
SELECT DISTINCT "assignment_pools"."user_id", "catalog"."key"
FROM "assignment_pools"
JOIN "user" ON "user"."id" = "assignment_pools"."user_id"
JOIN (VALUES ('embedded', 'embedded'), ('iot', 'iot'), ('python fullstack', 'python'), ('ai', 'ai'), ('matlab', 'matlab'))
  AS "catalog" ("value", "key") ON "catalog"."value" = "assignment_pools"."course"
WHERE "user"."role" IN ('embedded', 'iot', 'python', 'ai', 'matlab')
ON CONFLICT DO NOTHING;
--> statement-breakpoint
UPDATE "user" SET "role" = 'counsellor' WHERE "role" IN ('embedded', 'iot', 'python', 'ai', 'matlab');
