CREATE TABLE "student_timeline" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "student_timeline_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"student_id" integer NOT NULL,
	"kind" text NOT NULL,
	"actor_id" text,
	"actor_label" text DEFAULT '' NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "student_timeline_kind_check" CHECK ("student_timeline"."kind" in ('submission', 'call', 'whatsapp', 'email', 'note', 'stage', 'owner', 'follow_up', 'merge'))
);
--> statement-breakpoint
CREATE TABLE "students" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "students_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"email" text NOT NULL,
	"mobile" text NOT NULL,
	"mobiles" text[] DEFAULT '{}'::text[] NOT NULL,
	"emails" text[] DEFAULT '{}'::text[] NOT NULL,
	"state" text DEFAULT '' NOT NULL,
	"district" text DEFAULT '' NOT NULL,
	"courses" text[] DEFAULT '{}'::text[] NOT NULL,
	"stage" text DEFAULT 'new' NOT NULL,
	"lost_reason" text,
	"lost_note" text DEFAULT '' NOT NULL,
	"owner_id" text,
	"next_follow_up_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "students_stage_check" CHECK ("students"."stage" in ('new', 'contacted', 'counselled', 'visit', 'applied', 'enrolled', 'lost')),
	CONSTRAINT "students_lost_reason_check" CHECK (("students"."stage" = 'lost') = ("students"."lost_reason" is not null) and ("students"."lost_reason" is null or "students"."lost_reason" in ('not_interested', 'fees', 'joined_elsewhere', 'unreachable', 'wrong_number', 'duplicate', 'other')))
);
--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN "student_id" integer;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "student_id" integer;--> statement-breakpoint
ALTER TABLE "student_timeline" ADD CONSTRAINT "student_timeline_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_owner_id_user_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "student_timeline_student_idx" ON "student_timeline" USING btree ("student_id","at","id");--> statement-breakpoint
CREATE INDEX "students_mobiles_idx" ON "students" USING gin ("mobiles");--> statement-breakpoint
CREATE INDEX "students_emails_idx" ON "students" USING gin ("emails");--> statement-breakpoint
CREATE INDEX "students_created_at_idx" ON "students" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "students_owner_stage_idx" ON "students" USING btree ("owner_id","stage","next_follow_up_at");--> statement-breakpoint
CREATE INDEX "students_follow_up_idx" ON "students" USING btree ("next_follow_up_at");--> statement-breakpoint
CREATE INDEX "students_courses_idx" ON "students" USING gin ("courses");--> statement-breakpoint
ALTER TABLE "enquiries" ADD CONSTRAINT "enquiries_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "enquiries_student_idx" ON "enquiries" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "registrations_student_idx" ON "registrations" USING btree ("student_id");--> statement-breakpoint
-- Today's enquiries and registrations become student records, oldest first, exactly as a new
-- submission finds its record (app/admissions/student-records.server.ts): a mobile
-- (10 digits, without +91 or a leading 0) or else an e-mail (trimmed, lower-case) the record
-- already knows joins it, otherwise a new one is made. Each submission adds a "submission received"
-- entry to its record's timeline; a note becomes a note entry and a status other than new a
-- stage entry, both with who saved them and when. The record's stage is that of the status
-- saved last. All of it runs in the transaction of the migration: all or nothing.
DO $$
DECLARE
  s record;
  record_id integer;
  digits text;
  normalised_email text;
BEGIN
  FOR s IN
    SELECT 'enquiry'::text AS form, e.id, e.name, e.email, e.mobile, e.state, e.district, NULL::text AS course,
           e.created_at, e.status, e.notes, e.status_updated_at, e.status_updated_by,
           e.landing_page, e.utm_source, e.utm_medium, e.utm_campaign
    FROM "enquiries" e
    UNION ALL
    SELECT 'registration'::text, r.id, r.name, r.email, r.mobile, r.state, r.district, r.course,
           r.created_at, r.status, r.notes, r.status_updated_at, r.status_updated_by,
           r.landing_page, r.utm_source, r.utm_medium, r.utm_campaign
    FROM "registrations" r
    ORDER BY created_at, form, id
  LOOP
    digits := regexp_replace(s.mobile, '[^0-9]', '', 'g');
    IF length(digits) > 10 THEN digits := ltrim(digits, '0'); END IF;
    IF length(digits) = 12 AND left(digits, 2) = '91' THEN digits := right(digits, 10); END IF;
    normalised_email := lower(btrim(s.email));
    record_id := NULL;
    IF digits <> '' THEN
      SELECT id INTO record_id FROM "students" WHERE "mobiles" @> ARRAY[digits] ORDER BY id LIMIT 1;
    END IF;
    IF record_id IS NULL AND normalised_email <> '' THEN
      SELECT id INTO record_id FROM "students" WHERE "emails" @> ARRAY[normalised_email] ORDER BY id LIMIT 1;
    END IF;
    IF record_id IS NULL THEN
      INSERT INTO "students" ("name", "email", "mobile", "mobiles", "emails", "state", "district", "courses",
                              "created_at", "updated_at")
      VALUES (s.name, normalised_email, digits, array_remove(ARRAY[digits], ''), array_remove(ARRAY[normalised_email], ''),
              s.state, s.district,
              CASE WHEN s.course IS NULL THEN '{}'::text[] ELSE ARRAY[s.course] END, s.created_at, s.created_at)
      RETURNING id INTO record_id;
    ELSE
      UPDATE "students" SET
        "name" = s.name, "email" = normalised_email, "mobile" = digits, "state" = s.state, "district" = s.district,
        "mobiles" = CASE WHEN digits = '' OR digits = ANY("mobiles") THEN "mobiles" ELSE "mobiles" || digits END,
        "emails" = CASE WHEN normalised_email = '' OR normalised_email = ANY("emails") THEN "emails" ELSE "emails" || normalised_email END,
        "courses" = CASE WHEN s.course IS NULL OR s.course = ANY("courses") THEN "courses" ELSE "courses" || s.course END,
        "updated_at" = greatest("updated_at", s.created_at)
      WHERE id = record_id;
    END IF;
    IF s.form = 'enquiry' THEN
      UPDATE "enquiries" SET "student_id" = record_id WHERE id = s.id;
    ELSE
      UPDATE "registrations" SET "student_id" = record_id WHERE id = s.id;
    END IF;
    INSERT INTO "student_timeline" ("student_id", "kind", "at", "detail")
    VALUES (record_id, 'submission', s.created_at, jsonb_build_object(
      'form', s.form, 'submissionId', s.id, 'course', s.course, 'landingPage', s.landing_page,
      'utmSource', s.utm_source, 'utmMedium', s.utm_medium, 'utmCampaign', s.utm_campaign));
    IF s.status <> 'new' THEN
      INSERT INTO "student_timeline" ("student_id", "kind", "actor_label", "at", "detail")
      VALUES (record_id, 'stage', coalesce(s.status_updated_by, ''), coalesce(s.status_updated_at, s.created_at),
        jsonb_build_object('to', CASE s.status WHEN 'not_interested' THEN 'lost' ELSE s.status END,
          'reason', CASE s.status WHEN 'not_interested' THEN 'not_interested' END,
          'status', s.status, 'form', s.form, 'submissionId', s.id, 'migrated', true));
    END IF;
    IF s.notes <> '' THEN
      INSERT INTO "student_timeline" ("student_id", "kind", "actor_label", "at", "detail")
      VALUES (record_id, 'note', coalesce(s.status_updated_by, ''), coalesce(s.status_updated_at, s.created_at),
        jsonb_build_object('text', s.notes, 'form', s.form, 'submissionId', s.id, 'migrated', true));
    END IF;
  END LOOP;

  UPDATE "students" st SET
    "stage" = latest.stage,
    "lost_reason" = CASE WHEN latest.stage = 'lost' THEN 'not_interested' END
  FROM (
    SELECT DISTINCT ON (student_id) student_id,
           CASE status WHEN 'not_interested' THEN 'lost' ELSE status END AS stage
    FROM (
      SELECT student_id, status, coalesce(status_updated_at, created_at) AS changed_at, created_at FROM "enquiries" WHERE status <> 'new'
      UNION ALL
      SELECT student_id, status, coalesce(status_updated_at, created_at), created_at FROM "registrations" WHERE status <> 'new'
    ) changed
    ORDER BY student_id, changed_at DESC, created_at DESC
  ) latest
  WHERE st.id = latest.student_id;
END $$;
