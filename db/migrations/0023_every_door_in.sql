-- Every door in (decision 030): students added on the desk by hand and lists of leads imported.
-- Each such arrival is kept with its record like a form (student_intakes), so a record made this
-- way has an entry, and a list upload is kept while it is previewed and after it is imported
-- (lead_imports: one import per file). The timeline gains "intake" entries. The owner's report
-- counts an intake's source as a form's first touch: refresh_student_facts and
-- refresh_first_touch (migration 0021) read intakes beside enquiries and registrations.
CREATE TABLE "lead_imports" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "lead_imports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"file_name" text NOT NULL,
	"file_hash" text NOT NULL,
	"file" "bytea",
	"status" text DEFAULT 'staged' NOT NULL,
	"source" text DEFAULT '' NOT NULL,
	"how" text DEFAULT 'aggregator' NOT NULL,
	"counts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"assignment" text DEFAULT '' NOT NULL,
	"by_id" text,
	"by_label" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"imported_at" timestamp with time zone,
	"undone_at" timestamp with time zone,
	"undone_by" text DEFAULT '' NOT NULL,
	CONSTRAINT "lead_imports_status_check" CHECK ("lead_imports"."status" in ('staged', 'imported', 'undone')),
	CONSTRAINT "lead_imports_how_check" CHECK ("lead_imports"."how" in ('walk_in', 'phone_call', 'referral', 'fair', 'aggregator', 'newspaper', 'other'))
);
--> statement-breakpoint
CREATE TABLE "student_intakes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "student_intakes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"student_id" integer NOT NULL,
	"import_id" integer,
	"door" text NOT NULL,
	"how" text NOT NULL,
	"how_detail" text DEFAULT '' NOT NULL,
	"name" text NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"mobile" text DEFAULT '' NOT NULL,
	"state" text DEFAULT '' NOT NULL,
	"district" text DEFAULT '' NOT NULL,
	"courses" text[] DEFAULT '{}'::text[] NOT NULL,
	"branch" text DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"consent" text NOT NULL,
	"consent_to" text DEFAULT '' NOT NULL,
	"row_number" integer,
	"row" jsonb,
	"created_record" boolean DEFAULT false NOT NULL,
	"utm_source" text DEFAULT '' NOT NULL,
	"utm_medium" text DEFAULT '' NOT NULL,
	"utm_campaign" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text DEFAULT '' NOT NULL,
	CONSTRAINT "student_intakes_door_check" CHECK ("student_intakes"."door" in ('desk', 'import')),
	CONSTRAINT "student_intakes_how_check" CHECK ("student_intakes"."how" in ('walk_in', 'phone_call', 'referral', 'fair', 'aggregator', 'newspaper', 'other')),
	CONSTRAINT "student_intakes_consent_check" CHECK ("student_intakes"."consent" in ('in_person', 'phone', 'aggregator', 'form'))
);
--> statement-breakpoint
ALTER TABLE "student_timeline" DROP CONSTRAINT "student_timeline_kind_check";--> statement-breakpoint
ALTER TABLE "student_intakes" ADD CONSTRAINT "student_intakes_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_intakes" ADD CONSTRAINT "student_intakes_import_id_lead_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."lead_imports"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "lead_imports_file_idx" ON "lead_imports" USING btree ("file_hash") WHERE "lead_imports"."status" = 'imported';--> statement-breakpoint
CREATE INDEX "lead_imports_created_at_idx" ON "lead_imports" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "student_intakes_student_idx" ON "student_intakes" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "student_intakes_import_idx" ON "student_intakes" USING btree ("import_id");--> statement-breakpoint
CREATE INDEX "student_intakes_created_at_idx" ON "student_intakes" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "student_intakes_email_idx" ON "student_intakes" USING btree ("email");--> statement-breakpoint
CREATE INDEX "student_intakes_mobile_idx" ON "student_intakes" USING btree ("mobile");--> statement-breakpoint
ALTER TABLE "student_timeline" ADD CONSTRAINT "student_timeline_kind_check" CHECK ("student_timeline"."kind" in ('submission', 'call', 'whatsapp', 'email', 'note', 'stage', 'owner', 'follow_up', 'merge', 'email_sent', 'intake'));--> statement-breakpoint
-- As in 0021, with a student's intakes among the forms whose first one gives the first touch.
CREATE OR REPLACE FUNCTION "refresh_student_facts"("ids" integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF ids IS NULL OR cardinality(ids) = 0 THEN
    RETURN;
  END IF;
  INSERT INTO student_facts AS f (student_id, first_contact_at, furthest_stage, utm_source, utm_medium, utm_campaign,
    created_at, owner_id, course, stage, lost_reason, response_minutes, reached)
  SELECT s.id, tl.first_contact_at,
    (ARRAY['new', 'contacted', 'counselled', 'visit', 'applied', 'enrolled'])[tl.furthest],
    coalesce(ft.utm_source, ''), coalesce(ft.utm_medium, ''), coalesce(ft.utm_campaign, ''),
    s.created_at, s.owner_id, s.courses[1], s.stage, s.lost_reason,
    CASE WHEN tl.first_contact_at IS NOT NULL
      THEN (extract(epoch FROM greatest(tl.first_contact_at - s.created_at, interval '0')) / 60)::float8 END,
    coalesce(greatest(array_position(ARRAY['new', 'contacted', 'counselled', 'visit', 'applied', 'enrolled'], s.stage), tl.furthest), 1)
  FROM (SELECT DISTINCT u.id FROM unnest(ids) AS u(id)) AS touched
    JOIN students s ON s.id = touched.id
    LEFT JOIN (
      SELECT t.student_id,
        min(t.at) FILTER (WHERE t.kind IN ('call', 'whatsapp', 'email')) AS first_contact_at,
        max(greatest(
          array_position(ARRAY['new', 'contacted', 'counselled', 'visit', 'applied', 'enrolled'], t.detail ->> 'to'),
          array_position(ARRAY['new', 'contacted', 'counselled', 'visit', 'applied', 'enrolled'], t.detail ->> 'from')
        )) FILTER (WHERE t.kind = 'stage') AS furthest
      FROM (SELECT DISTINCT u.id FROM unnest(ids) AS u(id)) AS touched
        JOIN student_timeline t ON t.student_id = touched.id
      WHERE t.kind IN ('call', 'whatsapp', 'email', 'stage')
      GROUP BY t.student_id
    ) AS tl ON tl.student_id = s.id
    LEFT JOIN (
      SELECT DISTINCT ON (forms.student_id) forms.student_id, forms.utm_source, forms.utm_medium, forms.utm_campaign
      FROM (
        SELECT e.student_id, e.created_at, e.id, e.utm_source, e.utm_medium, e.utm_campaign
        FROM (SELECT DISTINCT u.id FROM unnest(ids) AS u(id)) AS touched JOIN enquiries e ON e.student_id = touched.id
        UNION ALL
        SELECT r.student_id, r.created_at, r.id, r.utm_source, r.utm_medium, r.utm_campaign
        FROM (SELECT DISTINCT u.id FROM unnest(ids) AS u(id)) AS touched JOIN registrations r ON r.student_id = touched.id
        UNION ALL
        SELECT i.student_id, i.created_at, i.id, i.utm_source, i.utm_medium, i.utm_campaign
        FROM (SELECT DISTINCT u.id FROM unnest(ids) AS u(id)) AS touched JOIN student_intakes i ON i.student_id = touched.id
      ) AS forms
      ORDER BY forms.student_id, forms.created_at, forms.id
    ) AS ft ON ft.student_id = s.id
  ON CONFLICT (student_id) DO UPDATE SET
    first_contact_at = excluded.first_contact_at, furthest_stage = excluded.furthest_stage,
    utm_source = excluded.utm_source, utm_medium = excluded.utm_medium, utm_campaign = excluded.utm_campaign,
    created_at = excluded.created_at, owner_id = excluded.owner_id, course = excluded.course, stage = excluded.stage,
    lost_reason = excluded.lost_reason, response_minutes = excluded.response_minutes, reached = excluded.reached
  WHERE (f.first_contact_at, f.furthest_stage, f.utm_source, f.utm_medium, f.utm_campaign,
      f.created_at, f.owner_id, f.course, f.stage, f.lost_reason, f.response_minutes, f.reached)
    IS DISTINCT FROM (excluded.first_contact_at, excluded.furthest_stage, excluded.utm_source, excluded.utm_medium,
      excluded.utm_campaign, excluded.created_at, excluded.owner_id, excluded.course, excluded.stage,
      excluded.lost_reason, excluded.response_minutes, excluded.reached);

  INSERT INTO student_follow_ups AS f (entry_id, student_id, set_at, due_at, done, moved, owner_id, course)
  SELECT d.id, d.student_id, d.at, d.due_at,
    coalesce(d.next_contact <= d.due_at + interval '60 minutes', false),
    coalesce(d.next_follow_up < d.due_at, false),
    s.owner_id, s.courses[1]
  FROM (
    SELECT w.id, w.student_id, w.at, w.kind, (w.detail ->> 'to')::timestamptz AS due_at, w.next_contact, w.next_follow_up
    FROM (
      SELECT t.id, t.student_id, t.at, t.kind, t.detail,
        min(t.at) FILTER (WHERE t.kind IN ('call', 'whatsapp', 'email')) OVER later AS next_contact,
        min(t.at) FILTER (WHERE t.kind = 'follow_up') OVER (later RANGE BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW EXCLUDE CURRENT ROW) AS next_follow_up
      FROM (SELECT DISTINCT u.id FROM unnest(ids) AS u(id)) AS touched
        JOIN student_timeline t ON t.student_id = touched.id
      WHERE t.kind IN ('call', 'whatsapp', 'email', 'follow_up')
      WINDOW later AS (PARTITION BY t.student_id ORDER BY t.at DESC)
    ) AS w
    WHERE w.kind = 'follow_up' AND w.detail ->> 'to' ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}'
  ) AS d
    JOIN students s ON s.id = d.student_id
  ON CONFLICT (entry_id) DO UPDATE SET
    student_id = excluded.student_id, set_at = excluded.set_at, due_at = excluded.due_at,
    done = excluded.done, moved = excluded.moved, owner_id = excluded.owner_id, course = excluded.course
  WHERE (f.student_id, f.set_at, f.due_at, f.done, f.moved, f.owner_id, f.course)
    IS DISTINCT FROM (excluded.student_id, excluded.set_at, excluded.due_at, excluded.done, excluded.moved,
      excluded.owner_id, excluded.course);

  DELETE FROM student_follow_ups f
  USING (SELECT DISTINCT u.id FROM unnest(ids) AS u(id)) AS touched
  WHERE f.student_id = touched.id AND NOT EXISTS (
    SELECT 1 FROM student_timeline t WHERE t.id = f.entry_id AND t.student_id = f.student_id AND t.kind = 'follow_up'
      AND t.detail ->> 'to' ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}'
  );
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "refresh_first_touch"("ids" integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  UPDATE student_facts f SET
    utm_source = coalesce(first.utm_source, ''), utm_medium = coalesce(first.utm_medium, ''),
    utm_campaign = coalesce(first.utm_campaign, '')
  FROM (SELECT DISTINCT u.id FROM unnest(ids) AS u(id) WHERE u.id IS NOT NULL) AS touched
    LEFT JOIN LATERAL (
      SELECT forms.utm_source, forms.utm_medium, forms.utm_campaign
      FROM (
        SELECT e.created_at, e.id, e.utm_source, e.utm_medium, e.utm_campaign FROM enquiries e WHERE e.student_id = touched.id
        UNION ALL
        SELECT r.created_at, r.id, r.utm_source, r.utm_medium, r.utm_campaign FROM registrations r WHERE r.student_id = touched.id
        UNION ALL
        SELECT i.created_at, i.id, i.utm_source, i.utm_medium, i.utm_campaign FROM student_intakes i WHERE i.student_id = touched.id
      ) AS forms
      ORDER BY forms.created_at, forms.id
      LIMIT 1
    ) AS first ON true
  WHERE f.student_id = touched.id
    AND (f.utm_source, f.utm_medium, f.utm_campaign)
      IS DISTINCT FROM (coalesce(first.utm_source, ''), coalesce(first.utm_medium, ''), coalesce(first.utm_campaign, ''));
END $$;
--> statement-breakpoint
CREATE TRIGGER "student_intakes_facts_insert" AFTER INSERT ON "student_intakes"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION student_facts_after_form_insert();--> statement-breakpoint
CREATE TRIGGER "student_intakes_facts_delete" AFTER DELETE ON "student_intakes"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION student_facts_after_form_delete();--> statement-breakpoint
CREATE TRIGGER "student_intakes_facts_update" AFTER UPDATE ON "student_intakes"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION student_facts_after_form_update();
