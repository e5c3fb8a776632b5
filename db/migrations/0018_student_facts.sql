-- The owner's report (decision 020) reads stored facts instead of every student's timeline:
-- per student the first contact, the furthest stage a stage entry reached and the first form's
-- first touch (student_facts), and every follow-up time set, judged done or moved
-- (student_follow_ups). The database keeps them: after each statement that writes timeline
-- entries or forms, a trigger recomputes the facts of every student it touched, from that
-- student's whole timeline and forms, in the same transaction. So the app's writes, merges,
-- erasure, the retention purge and anything else that writes these tables keep them right,
-- and a fact is never a sum of changes that could drift. The facts of the existing records are
-- computed at the end, by the same function.
CREATE TABLE "student_facts" (
	"student_id" integer PRIMARY KEY NOT NULL,
	"first_contact_at" timestamp with time zone,
	"furthest_stage" text,
	"utm_source" text DEFAULT '' NOT NULL,
	"utm_medium" text DEFAULT '' NOT NULL,
	"utm_campaign" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "student_follow_ups" (
	"entry_id" integer PRIMARY KEY NOT NULL,
	"student_id" integer NOT NULL,
	"set_at" timestamp with time zone NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"done" boolean NOT NULL,
	"moved" boolean NOT NULL
);
--> statement-breakpoint
-- The report no longer reads stage entries by time nor follow-ups by due time from the timeline.
DROP INDEX "student_timeline_stage_at_idx";--> statement-breakpoint
DROP INDEX "student_timeline_follow_up_due_idx";--> statement-breakpoint
ALTER TABLE "student_facts" ADD CONSTRAINT "student_facts_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_follow_ups" ADD CONSTRAINT "student_follow_ups_entry_id_student_timeline_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."student_timeline"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_follow_ups" ADD CONSTRAINT "student_follow_ups_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "student_follow_ups_due_idx" ON "student_follow_ups" USING btree ("due_at");--> statement-breakpoint
CREATE INDEX "student_follow_ups_student_idx" ON "student_follow_ups" USING btree ("student_id");--> statement-breakpoint
-- Recomputes the facts of these students from their timeline and forms. A contact is a call,
-- WhatsApp or e-mail; the stages in order are New to Enrolled (Lost is not on the way); a
-- follow-up is a follow_up entry whose "to" is a time (written as toISOString() does), done
-- when a contact came from its setting to 60 minutes after it was due (followUpGraceMinutes),
-- moved when another follow_up entry came after it and before it fell due.
CREATE FUNCTION "refresh_student_facts"("ids" integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF ids IS NULL OR cardinality(ids) = 0 THEN
    RETURN;
  END IF;
  -- One pass over the touched students' entries and forms: index look-ups for a few students,
  -- one scan for many (the migration's fill, a bulk import).
  INSERT INTO student_facts AS f (student_id, first_contact_at, furthest_stage, utm_source, utm_medium, utm_campaign)
  SELECT s.id, tl.first_contact_at,
    (ARRAY['new', 'contacted', 'counselled', 'visit', 'applied', 'enrolled'])[tl.furthest],
    coalesce(ft.utm_source, ''), coalesce(ft.utm_medium, ''), coalesce(ft.utm_campaign, '')
  FROM (SELECT DISTINCT u.id FROM unnest(ids) AS u(id)) AS touched
    JOIN students s ON s.id = touched.id
    LEFT JOIN (
      SELECT t.student_id,
        min(t.at) FILTER (WHERE t.kind IN ('call', 'whatsapp', 'email')) AS first_contact_at,
        max(array_position(ARRAY['new', 'contacted', 'counselled', 'visit', 'applied', 'enrolled'], t.detail ->> 'to'))
          FILTER (WHERE t.kind = 'stage') AS furthest
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
      ) AS forms
      ORDER BY forms.student_id, forms.created_at, forms.id
    ) AS ft ON ft.student_id = s.id
  ON CONFLICT (student_id) DO UPDATE SET
    first_contact_at = excluded.first_contact_at, furthest_stage = excluded.furthest_stage,
    utm_source = excluded.utm_source, utm_medium = excluded.utm_medium, utm_campaign = excluded.utm_campaign
  WHERE (f.first_contact_at, f.furthest_stage, f.utm_source, f.utm_medium, f.utm_campaign)
    IS DISTINCT FROM (excluded.first_contact_at, excluded.furthest_stage, excluded.utm_source, excluded.utm_medium, excluded.utm_campaign);

  -- Each follow-up against the student's entries from its own time on (equal times included):
  -- the first contact since (done when by its due time plus the grace) and the first other
  -- follow_up entry since (moved when before its due time).
  INSERT INTO student_follow_ups AS f (entry_id, student_id, set_at, due_at, done, moved)
  SELECT d.id, d.student_id, d.at, d.due_at,
    coalesce(d.next_contact <= d.due_at + interval '60 minutes', false),
    coalesce(d.next_follow_up < d.due_at, false)
  FROM (
    SELECT w.id, w.student_id, w.at, w.kind, (w.detail ->> 'to')::timestamptz AS due_at, w.next_contact, w.next_follow_up
    FROM (
      SELECT t.id, t.student_id, t.at, t.kind, t.detail,
        min(t.at) FILTER (WHERE t.kind IN ('call', 'whatsapp', 'email')) OVER later AS next_contact,
        min(t.at) FILTER (WHERE t.kind = 'follow_up') OVER (later RANGE BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW EXCLUDE CURRENT ROW) AS next_follow_up
      FROM (SELECT DISTINCT u.id FROM unnest(ids) AS u(id)) AS touched
        JOIN student_timeline t ON t.student_id = touched.id
      WHERE t.kind IN ('call', 'whatsapp', 'email', 'follow_up')
      -- In time order from the latest: a row's frame is every entry at its time or later.
      WINDOW later AS (PARTITION BY t.student_id ORDER BY t.at DESC)
    ) AS w
    WHERE w.kind = 'follow_up' AND w.detail ->> 'to' ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}'
  ) AS d
  ON CONFLICT (entry_id) DO UPDATE SET
    student_id = excluded.student_id, set_at = excluded.set_at, due_at = excluded.due_at,
    done = excluded.done, moved = excluded.moved
  WHERE (f.student_id, f.set_at, f.due_at, f.done, f.moved)
    IS DISTINCT FROM (excluded.student_id, excluded.set_at, excluded.due_at, excluded.done, excluded.moved);

  -- A follow-up whose entry is no longer one of the student's follow-ups.
  DELETE FROM student_follow_ups f
  USING (SELECT DISTINCT u.id FROM unnest(ids) AS u(id)) AS touched
  WHERE f.student_id = touched.id AND NOT EXISTS (
    SELECT 1 FROM student_timeline t WHERE t.id = f.entry_id AND t.student_id = f.student_id AND t.kind = 'follow_up'
      AND t.detail ->> 'to' ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}'
  );
END $$;
--> statement-breakpoint
-- After a statement added or removed rows with a student_id: the facts of those students.
CREATE FUNCTION "student_facts_after_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_student_facts(ARRAY(SELECT DISTINCT n.student_id FROM new_rows n WHERE n.student_id IS NOT NULL));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "student_facts_after_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_student_facts(ARRAY(SELECT DISTINCT o.student_id FROM old_rows o WHERE o.student_id IS NOT NULL));
  RETURN NULL;
END $$;
--> statement-breakpoint
-- After an update of timeline entries (a merge moves them): the students they left and joined.
CREATE FUNCTION "student_facts_after_timeline_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_student_facts(ARRAY(
    SELECT x.student_id FROM old_rows o JOIN new_rows n ON n.id = o.id,
      LATERAL (VALUES (o.student_id), (n.student_id)) AS x(student_id)
    WHERE (o.student_id, o.kind, o.at, o.detail) IS DISTINCT FROM (n.student_id, n.kind, n.at, n.detail)
  ));
  RETURN NULL;
END $$;
--> statement-breakpoint
-- After an update of forms: only a move to another record, a new time or another first touch
-- matters (a status or a note changed on the desk does not).
CREATE FUNCTION "student_facts_after_form_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_student_facts(ARRAY(
    SELECT x.student_id FROM old_rows o JOIN new_rows n ON n.id = o.id,
      LATERAL (VALUES (o.student_id), (n.student_id)) AS x(student_id)
    WHERE x.student_id IS NOT NULL
      AND (o.student_id, o.created_at, o.utm_source, o.utm_medium, o.utm_campaign)
        IS DISTINCT FROM (n.student_id, n.created_at, n.utm_source, n.utm_medium, n.utm_campaign)
  ));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "student_timeline_facts_insert" AFTER INSERT ON "student_timeline"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION student_facts_after_insert();--> statement-breakpoint
CREATE TRIGGER "student_timeline_facts_update" AFTER UPDATE ON "student_timeline"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION student_facts_after_timeline_update();--> statement-breakpoint
CREATE TRIGGER "student_timeline_facts_delete" AFTER DELETE ON "student_timeline"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION student_facts_after_delete();--> statement-breakpoint
CREATE TRIGGER "enquiries_facts_insert" AFTER INSERT ON "enquiries"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION student_facts_after_insert();--> statement-breakpoint
CREATE TRIGGER "enquiries_facts_update" AFTER UPDATE ON "enquiries"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION student_facts_after_form_update();--> statement-breakpoint
CREATE TRIGGER "enquiries_facts_delete" AFTER DELETE ON "enquiries"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION student_facts_after_delete();--> statement-breakpoint
CREATE TRIGGER "registrations_facts_insert" AFTER INSERT ON "registrations"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION student_facts_after_insert();--> statement-breakpoint
CREATE TRIGGER "registrations_facts_update" AFTER UPDATE ON "registrations"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION student_facts_after_form_update();--> statement-breakpoint
CREATE TRIGGER "registrations_facts_delete" AFTER DELETE ON "registrations"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION student_facts_after_delete();--> statement-breakpoint
-- The facts of every existing record.
SELECT refresh_student_facts(ARRAY(SELECT id FROM students));
