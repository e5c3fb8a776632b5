-- The owner's report reads one narrow table (decision 020): student_facts also holds what the
-- report groups and counts by from the record itself (arrival, owner, first course, stage, lost
-- reason), the minutes to the first contact and the furthest stage reached, and each follow-up
-- row holds its record's owner and first course. Triggers on students keep these copies, after
-- a statement that adds records or changes one of those fields. The report then reads no
-- student row, and neither join nor per-row arithmetic is left in it.
ALTER TABLE "student_facts" ADD COLUMN "created_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "student_facts" ADD COLUMN "owner_id" text;--> statement-breakpoint
ALTER TABLE "student_facts" ADD COLUMN "course" text;--> statement-breakpoint
ALTER TABLE "student_facts" ADD COLUMN "stage" text;--> statement-breakpoint
ALTER TABLE "student_facts" ADD COLUMN "lost_reason" text;--> statement-breakpoint
ALTER TABLE "student_facts" ADD COLUMN "response_minutes" double precision;--> statement-breakpoint
ALTER TABLE "student_facts" ADD COLUMN "reached" smallint;--> statement-breakpoint
ALTER TABLE "student_follow_ups" ADD COLUMN "owner_id" text;--> statement-breakpoint
ALTER TABLE "student_follow_ups" ADD COLUMN "course" text;--> statement-breakpoint
-- As in 0018, and besides: the record's own fields; the minutes from arrival to the first
-- contact as the report counts them (none before arrival: 0), written once here in float8 from
-- the exact interval; the furthest stage reached by the stage now or by a stage entry, to or
-- from it (a change from Applied shows Applied was reached, even when it was set without an
-- entry); Lost is not on the way: a Lost student keeps the stage reached before; every student
-- reached New.
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
-- Each trigger now does only what its table's rows can change, so that a form arriving costs
-- a few index look-ups, not a recomputation per statement (the full one stays for the timeline's
-- contacts, stages and follow-ups, for entries moved by a merge, and for the fill below).
--
-- A record added: its row, from the record alone (it has no form nor entry yet; and no row can
-- be left from before, as a record's facts go with it).
CREATE FUNCTION "student_facts_after_student_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO student_facts (student_id, created_at, owner_id, course, stage, lost_reason, reached)
  SELECT n.id, n.created_at, n.owner_id, n.courses[1], n.stage, n.lost_reason,
    coalesce(array_position(ARRAY['new', 'contacted', 'counselled', 'visit', 'applied', 'enrolled'], n.stage), 1)
  FROM new_rows n
  ON CONFLICT (student_id) DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A record changed: when its arrival, owner, first course, stage or lost reason did (a name, a
-- note or a follow-up time changed on the desk needs nothing), the copies, and the minutes and
-- stage reached worked out again from them and the facts stored from its timeline; its
-- follow-ups' owner and course.
CREATE FUNCTION "student_facts_after_student_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE student_facts f SET
    created_at = n.created_at, owner_id = n.owner_id, course = n.courses[1], stage = n.stage,
    lost_reason = n.lost_reason,
    response_minutes = CASE WHEN f.first_contact_at IS NOT NULL
      THEN (extract(epoch FROM greatest(f.first_contact_at - n.created_at, interval '0')) / 60)::float8 END,
    reached = coalesce(greatest(
      array_position(ARRAY['new', 'contacted', 'counselled', 'visit', 'applied', 'enrolled'], n.stage),
      array_position(ARRAY['new', 'contacted', 'counselled', 'visit', 'applied', 'enrolled'], f.furthest_stage)
    ), 1)
  FROM old_rows o JOIN new_rows n ON n.id = o.id
  WHERE f.student_id = n.id
    AND (o.created_at, o.owner_id, o.courses[1], o.stage, o.lost_reason)
      IS DISTINCT FROM (n.created_at, n.owner_id, n.courses[1], n.stage, n.lost_reason);
  UPDATE student_follow_ups u SET owner_id = n.owner_id, course = n.courses[1]
  FROM old_rows o JOIN new_rows n ON n.id = o.id
  WHERE u.student_id = n.id AND (o.owner_id, o.courses[1]) IS DISTINCT FROM (n.owner_id, n.courses[1]);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Forms added, changed or removed: all a form counts for is the first touch, its student's first
-- form's (by time, then id), or none left.
CREATE FUNCTION "refresh_first_touch"("ids" integer[]) RETURNS void LANGUAGE plpgsql AS $$
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
      ) AS forms
      ORDER BY forms.created_at, forms.id
      LIMIT 1
    ) AS first ON true
  WHERE f.student_id = touched.id
    AND (f.utm_source, f.utm_medium, f.utm_campaign)
      IS DISTINCT FROM (coalesce(first.utm_source, ''), coalesce(first.utm_medium, ''), coalesce(first.utm_campaign, ''));
END $$;
--> statement-breakpoint
CREATE FUNCTION "student_facts_after_form_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_first_touch(ARRAY(SELECT n.student_id FROM new_rows n));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "student_facts_after_form_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_first_touch(ARRAY(SELECT o.student_id FROM old_rows o));
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Only a move to another record, a new time or another first touch matters (a status or a note
-- changed on the desk does not).
CREATE OR REPLACE FUNCTION "student_facts_after_form_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_first_touch(ARRAY(
    SELECT x.student_id FROM old_rows o JOIN new_rows n ON n.id = o.id,
      LATERAL (VALUES (o.student_id), (n.student_id)) AS x(student_id)
    WHERE (o.student_id, o.created_at, o.utm_source, o.utm_medium, o.utm_campaign)
      IS DISTINCT FROM (n.student_id, n.created_at, n.utm_source, n.utm_medium, n.utm_campaign)
  ));
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Timeline entries added or removed: only contacts, stage changes and follow-ups count (a form's
-- own entry, a note, an owner change or an e-mail the site sent changes no fact).
CREATE FUNCTION "student_facts_after_entry_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_student_facts(ARRAY(
    SELECT DISTINCT n.student_id FROM new_rows n WHERE n.kind IN ('call', 'whatsapp', 'email', 'stage', 'follow_up')
  ));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "student_facts_after_entry_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_student_facts(ARRAY(
    SELECT DISTINCT o.student_id FROM old_rows o WHERE o.kind IN ('call', 'whatsapp', 'email', 'stage', 'follow_up')
  ));
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER "student_timeline_facts_insert" ON "student_timeline";--> statement-breakpoint
DROP TRIGGER "student_timeline_facts_delete" ON "student_timeline";--> statement-breakpoint
DROP TRIGGER "enquiries_facts_insert" ON "enquiries";--> statement-breakpoint
DROP TRIGGER "enquiries_facts_delete" ON "enquiries";--> statement-breakpoint
DROP TRIGGER "registrations_facts_insert" ON "registrations";--> statement-breakpoint
DROP TRIGGER "registrations_facts_delete" ON "registrations";--> statement-breakpoint
DROP FUNCTION "student_facts_after_insert"();--> statement-breakpoint
DROP FUNCTION "student_facts_after_delete"();--> statement-breakpoint
CREATE TRIGGER "student_timeline_facts_insert" AFTER INSERT ON "student_timeline"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION student_facts_after_entry_insert();--> statement-breakpoint
CREATE TRIGGER "student_timeline_facts_delete" AFTER DELETE ON "student_timeline"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION student_facts_after_entry_delete();--> statement-breakpoint
CREATE TRIGGER "enquiries_facts_insert" AFTER INSERT ON "enquiries"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION student_facts_after_form_insert();--> statement-breakpoint
CREATE TRIGGER "enquiries_facts_delete" AFTER DELETE ON "enquiries"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION student_facts_after_form_delete();--> statement-breakpoint
CREATE TRIGGER "registrations_facts_insert" AFTER INSERT ON "registrations"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION student_facts_after_form_insert();--> statement-breakpoint
CREATE TRIGGER "registrations_facts_delete" AFTER DELETE ON "registrations"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION student_facts_after_form_delete();--> statement-breakpoint
CREATE TRIGGER "students_facts_insert" AFTER INSERT ON "students"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION student_facts_after_student_insert();--> statement-breakpoint
CREATE TRIGGER "students_facts_update" AFTER UPDATE ON "students"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION student_facts_after_student_update();--> statement-breakpoint
-- Every existing record's facts, the new fields included.
SELECT refresh_student_facts(ARRAY(SELECT id FROM students));--> statement-breakpoint
ALTER TABLE "student_facts" ALTER COLUMN "created_at" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "student_facts" ALTER COLUMN "stage" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "student_facts" ALTER COLUMN "reached" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "student_facts_created_at_idx" ON "student_facts" USING btree ("created_at");--> statement-breakpoint
-- Their statistics after the refill, so the planner reads them as they are.
ANALYZE "student_facts";--> statement-breakpoint
ANALYZE "student_follow_ups";
