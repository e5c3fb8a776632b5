-- Branches on the desk (decision 031). Every student record gets its branch: Chennai, Bangalore,
-- Online, or not known yet (null), and how the desk knows it (branch_source): from the batch the
-- student picked, guessed from their state (a guess until a person confirms it), set by a person
-- on the desk, or from an imported list. The assignment pools get a branch ("" is the course's own
-- pool, the fallback of every branch), their turns one per course and branch; a counsellor may be
-- limited to some branches (staff_branches); the owner's report's facts carry the branch; a form
-- filed by file_submission sets the branch and goes to its branch's pool first; a change or
-- confirmation by hand is a timeline entry of the new kind "branch".
ALTER TABLE "students" ADD COLUMN "branch" text;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "branch_source" text;--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_branch_check" CHECK (("students"."branch" is null) = ("students"."branch_source" is null) and ("students"."branch" is null or "students"."branch" in ('chennai', 'bangalore', 'online')) and ("students"."branch_source" is null or "students"."branch_source" in ('batch', 'state', 'desk', 'list')));--> statement-breakpoint
ALTER TABLE "student_timeline" DROP CONSTRAINT "student_timeline_kind_check";--> statement-breakpoint
ALTER TABLE "student_timeline" ADD CONSTRAINT "student_timeline_kind_check" CHECK ("student_timeline"."kind" in ('submission', 'call', 'whatsapp', 'email', 'note', 'stage', 'owner', 'follow_up', 'merge', 'email_sent', 'intake', 'branch'));--> statement-breakpoint
CREATE TABLE "staff_branches" (
	"user_id" text NOT NULL,
	"branch" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_branches_user_id_branch_pk" PRIMARY KEY("user_id","branch"),
	CONSTRAINT "staff_branches_branch_check" CHECK ("staff_branches"."branch" in ('chennai', 'bangalore', 'online'))
);
--> statement-breakpoint
ALTER TABLE "staff_branches" ADD CONSTRAINT "staff_branches_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Every pool and turn so far is its course's own: branch "".
ALTER TABLE "assignment_pools" ADD COLUMN "branch" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "assignment_pools" DROP CONSTRAINT "assignment_pools_course_user_id_pk";--> statement-breakpoint
ALTER TABLE "assignment_pools" ADD CONSTRAINT "assignment_pools_course_branch_user_id_pk" PRIMARY KEY("course","branch","user_id");--> statement-breakpoint
ALTER TABLE "assignment_pools" ADD CONSTRAINT "assignment_pools_branch_check" CHECK ("assignment_pools"."branch" in ('', 'chennai', 'bangalore', 'online'));--> statement-breakpoint
ALTER TABLE "assignment_cursors" ADD COLUMN "branch" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "assignment_cursors" DROP CONSTRAINT "assignment_cursors_pkey";--> statement-breakpoint
ALTER TABLE "assignment_cursors" ADD CONSTRAINT "assignment_cursors_course_branch_pk" PRIMARY KEY("course","branch");--> statement-breakpoint
ALTER TABLE "student_facts" ADD COLUMN "branch" text;--> statement-breakpoint
ALTER TABLE "student_follow_ups" ADD COLUMN "branch" text;--> statement-breakpoint
-- As in 0023, with the record's branch copied to its facts and to its follow-ups.
CREATE OR REPLACE FUNCTION "refresh_student_facts"("ids" integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF ids IS NULL OR cardinality(ids) = 0 THEN
    RETURN;
  END IF;
  INSERT INTO student_facts AS f (student_id, first_contact_at, furthest_stage, utm_source, utm_medium, utm_campaign,
    created_at, owner_id, course, branch, stage, lost_reason, response_minutes, reached)
  SELECT s.id, tl.first_contact_at,
    (ARRAY['new', 'contacted', 'counselled', 'visit', 'applied', 'enrolled'])[tl.furthest],
    coalesce(ft.utm_source, ''), coalesce(ft.utm_medium, ''), coalesce(ft.utm_campaign, ''),
    s.created_at, s.owner_id, s.courses[1], s.branch, s.stage, s.lost_reason,
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
    created_at = excluded.created_at, owner_id = excluded.owner_id, course = excluded.course, branch = excluded.branch,
    stage = excluded.stage, lost_reason = excluded.lost_reason, response_minutes = excluded.response_minutes,
    reached = excluded.reached
  WHERE (f.first_contact_at, f.furthest_stage, f.utm_source, f.utm_medium, f.utm_campaign,
      f.created_at, f.owner_id, f.course, f.branch, f.stage, f.lost_reason, f.response_minutes, f.reached)
    IS DISTINCT FROM (excluded.first_contact_at, excluded.furthest_stage, excluded.utm_source, excluded.utm_medium,
      excluded.utm_campaign, excluded.created_at, excluded.owner_id, excluded.course, excluded.branch, excluded.stage,
      excluded.lost_reason, excluded.response_minutes, excluded.reached);

  INSERT INTO student_follow_ups AS f (entry_id, student_id, set_at, due_at, done, moved, owner_id, course, branch)
  SELECT d.id, d.student_id, d.at, d.due_at,
    coalesce(d.next_contact <= d.due_at + interval '60 minutes', false),
    coalesce(d.next_follow_up < d.due_at, false),
    s.owner_id, s.courses[1], s.branch
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
    done = excluded.done, moved = excluded.moved, owner_id = excluded.owner_id, course = excluded.course,
    branch = excluded.branch
  WHERE (f.student_id, f.set_at, f.due_at, f.done, f.moved, f.owner_id, f.course, f.branch)
    IS DISTINCT FROM (excluded.student_id, excluded.set_at, excluded.due_at, excluded.done, excluded.moved,
      excluded.owner_id, excluded.course, excluded.branch);

  DELETE FROM student_follow_ups f
  USING (SELECT DISTINCT u.id FROM unnest(ids) AS u(id)) AS touched
  WHERE f.student_id = touched.id AND NOT EXISTS (
    SELECT 1 FROM student_timeline t WHERE t.id = f.entry_id AND t.student_id = f.student_id AND t.kind = 'follow_up'
      AND t.detail ->> 'to' ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}'
  );
END $$;
--> statement-breakpoint
-- As in 0021, with the branch.
CREATE OR REPLACE FUNCTION "student_facts_after_student_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO student_facts (student_id, created_at, owner_id, course, branch, stage, lost_reason, reached)
  SELECT n.id, n.created_at, n.owner_id, n.courses[1], n.branch, n.stage, n.lost_reason,
    coalesce(array_position(ARRAY['new', 'contacted', 'counselled', 'visit', 'applied', 'enrolled'], n.stage), 1)
  FROM new_rows n
  ON CONFLICT (student_id) DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- As in 0021, with the branch: a change of branch alone changes the copies, not the minutes.
CREATE OR REPLACE FUNCTION "student_facts_after_student_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE student_facts f SET
    created_at = n.created_at, owner_id = n.owner_id, course = n.courses[1], branch = n.branch, stage = n.stage,
    lost_reason = n.lost_reason,
    response_minutes = CASE WHEN f.first_contact_at IS NOT NULL
      THEN (extract(epoch FROM greatest(f.first_contact_at - n.created_at, interval '0')) / 60)::float8 END,
    reached = coalesce(greatest(
      array_position(ARRAY['new', 'contacted', 'counselled', 'visit', 'applied', 'enrolled'], n.stage),
      array_position(ARRAY['new', 'contacted', 'counselled', 'visit', 'applied', 'enrolled'], f.furthest_stage)
    ), 1)
  FROM old_rows o JOIN new_rows n ON n.id = o.id
  WHERE f.student_id = n.id
    AND (o.created_at, o.owner_id, o.courses[1], o.branch, o.stage, o.lost_reason)
      IS DISTINCT FROM (n.created_at, n.owner_id, n.courses[1], n.branch, n.stage, n.lost_reason);
  UPDATE student_follow_ups u SET owner_id = n.owner_id, course = n.courses[1], branch = n.branch
  FROM old_rows o JOIN new_rows n ON n.id = o.id
  WHERE u.student_id = n.id
    AND (o.owner_id, o.courses[1], o.branch) IS DISTINCT FROM (n.owner_id, n.courses[1], n.branch);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Existing records: the batch of the latest registration that picked one still announced (an
-- online batch is Online), else the branch a person gave when adding the student or a list gave
-- (the latest intake naming one), else a guess from the state (Tamil Nadu: Chennai; Karnataka:
-- Bangalore), else not known. Their versions stay, so no form open on the desk goes stale; the
-- trigger above copies the branch to their facts and follow-ups.
UPDATE students s SET branch = chosen.branch, branch_source = chosen.source
FROM (
  SELECT s2.id,
    coalesce(picked.branch, given.branch, CASE s2.state WHEN 'tamilnadu' THEN 'chennai' WHEN 'karnataka' THEN 'bangalore' END) AS branch,
    CASE WHEN picked.branch IS NOT NULL THEN 'batch'
      WHEN given.branch IS NOT NULL THEN given.source
      WHEN s2.state IN ('tamilnadu', 'karnataka') THEN 'state' END AS source
  FROM students s2
    LEFT JOIN LATERAL (
      SELECT CASE WHEN b.mode = 'online' THEN 'online' WHEN b.branch IN ('chennai', 'bangalore') THEN b.branch END AS branch
      FROM registrations r JOIN course_batches b ON b.id = r.batch_id
      WHERE r.student_id = s2.id
      ORDER BY r.created_at DESC, r.id DESC
      LIMIT 1
    ) AS picked ON true
    LEFT JOIN LATERAL (
      SELECT i.branch, CASE WHEN i.door = 'import' THEN 'list' ELSE 'desk' END AS source
      FROM student_intakes i
      WHERE i.student_id = s2.id AND i.branch IN ('chennai', 'bangalore', 'online')
      ORDER BY i.created_at DESC, i.id DESC
      LIMIT 1
    ) AS given ON true
) AS chosen
WHERE s.id = chosen.id AND chosen.branch IS NOT NULL;--> statement-breakpoint
-- As in 0022, and besides (decision 031):
-- * the form's branch: the picked batch's (an online batch: Online), else a guess from the state;
--   a new record takes it; a record whose branch is not known takes it, and one whose branch is
--   only guessed takes a picked batch's (a "branch" entry says so, and its version moves on); a
--   branch a person set or a batch gave stays;
-- * a record without an owner goes to the next of its course's pool for its branch, or, with
--   nobody available there, of the course's own pool (branch ""), each in its own turn; in either,
--   an account limited to other branches is passed over.
CREATE OR REPLACE FUNCTION "file_submission"("form_kind" text, "answers" jsonb, "contact_mobile" text, "contact_email" text)
  RETURNS TABLE ("submission_id" integer, "replay" boolean, "record_id" integer, "record_owner" text, "owner_assigned" boolean)
  LANGUAGE plpgsql
  AS $$
DECLARE
  chosen_course text := nullif(answers ->> 'course', '');
  stored_id integer;
  found_id integer;
  owner_before text;
  branch_before text;
  source_before text;
  picked_branch text;
  state_branch text := CASE answers ->> 'state' WHEN 'tamilnadu' THEN 'chennai' WHEN 'karnataka' THEN 'bangalore' END;
  new_branch text;
  new_source text;
  branch_changed boolean := false;
  pool_branch text;
  pool text[];
  next_owner text;
  new_version integer;
BEGIN
  IF form_kind NOT IN ('enquiry', 'registration') THEN
    RAISE EXCEPTION 'file_submission: unknown kind of form "%"', form_kind;
  END IF;
  -- The keys in the order the site always took them (sorted: the e-mail's, then the mobile's).
  PERFORM pg_advisory_xact_lock(hashtextextended('student-email:' || contact_email, 0));
  PERFORM pg_advisory_xact_lock(hashtextextended('student-mobile:' || contact_mobile, 0));

  -- A replay (double click, resubmit) of a stored form: its first row, nothing stored. Read after
  -- the locks, so a replay racing its original sees it committed.
  IF form_kind = 'enquiry' THEN
    SELECT e.id INTO stored_id FROM enquiries e
    WHERE e.submission_token = answers ->> 'submission_token'
      AND e.submission_fingerprint = answers ->> 'submission_fingerprint';
  ELSE
    SELECT r.id INTO stored_id FROM registrations r
    WHERE r.submission_token = answers ->> 'submission_token'
      AND r.submission_fingerprint = answers ->> 'submission_fingerprint';
  END IF;
  IF stored_id IS NOT NULL THEN
    RETURN QUERY SELECT stored_id, true, NULL::integer, NULL::text, false;
    RETURN;
  END IF;

  -- The batch the student picked, if any: its branch (an online batch is Online).
  IF form_kind = 'registration' AND jsonb_typeof(answers -> 'batch_id') = 'number' THEN
    SELECT CASE WHEN b.mode = 'online' THEN 'online' WHEN b.branch IN ('chennai', 'bangalore') THEN b.branch END
    INTO picked_branch
    FROM course_batches b WHERE b.id = (answers ->> 'batch_id')::integer;
  END IF;

  -- The record: by the mobile, else the e-mail. The ids are gathered, not asked for their min():
  -- beside an order by id the planner would walk the whole primary key instead of the GIN index.
  IF contact_mobile <> '' THEN
    SELECT min(x) INTO found_id
    FROM unnest(ARRAY(SELECT s.id FROM students s WHERE s.mobiles @> ARRAY[contact_mobile])) AS x;
  END IF;
  IF found_id IS NULL AND contact_email <> '' THEN
    SELECT min(x) INTO found_id
    FROM unnest(ARRAY(SELECT s.id FROM students s WHERE s.emails @> ARRAY[contact_email])) AS x;
  END IF;
  IF found_id IS NOT NULL THEN
    SELECT s.owner_id, s.branch, s.branch_source INTO owner_before, branch_before, source_before
    FROM students s WHERE s.id = found_id FOR UPDATE;
  END IF;

  -- The record's branch after this form.
  IF branch_before IS NULL THEN
    new_branch := coalesce(picked_branch, state_branch);
    new_source := CASE WHEN picked_branch IS NOT NULL THEN 'batch' WHEN state_branch IS NOT NULL THEN 'state' END;
  ELSIF source_before = 'state' AND picked_branch IS NOT NULL THEN
    new_branch := picked_branch;
    new_source := 'batch';
  ELSE
    new_branch := branch_before;
    new_source := source_before;
  END IF;
  branch_changed := found_id IS NOT NULL
    AND (new_branch, new_source) IS DISTINCT FROM (branch_before, source_before);

  -- A record without an owner gets the next of its pool: the course's pool of its branch, else the
  -- course's own; its accounts in one fixed order, byte by byte (not by the database's collation),
  -- after the last one given, else the first. The pool's turn is taken and moved on in one write,
  -- which holds it until commit.
  IF owner_before IS NULL AND chosen_course IS NOT NULL THEN
    FOREACH pool_branch IN ARRAY CASE WHEN new_branch IS NULL THEN ARRAY[''] ELSE ARRAY[new_branch, ''] END LOOP
      SELECT array_agg(p.user_id COLLATE "C" ORDER BY p.user_id COLLATE "C") INTO pool
      FROM assignment_pools p
        JOIN "user" u ON u.id = p.user_id
        LEFT JOIN staff_availability a ON a.user_id = p.user_id
      WHERE p.course = chosen_course AND p.branch = pool_branch AND a.away IS NOT TRUE AND u.banned IS NOT TRUE
        AND (new_branch IS NULL
          OR NOT EXISTS (SELECT 1 FROM staff_branches sb WHERE sb.user_id = p.user_id)
          OR EXISTS (SELECT 1 FROM staff_branches sb WHERE sb.user_id = p.user_id AND sb.branch = new_branch));
      EXIT WHEN pool IS NOT NULL;
    END LOOP;
    IF pool IS NOT NULL THEN
      INSERT INTO assignment_cursors AS c (course, branch, last_user_id) VALUES (chosen_course, pool_branch, pool[1])
      ON CONFLICT (course, branch) DO UPDATE SET last_user_id = coalesce(
        (SELECT min(m COLLATE "C") FROM unnest(pool) AS m WHERE m > c.last_user_id COLLATE "C"), pool[1])
      RETURNING c.last_user_id INTO next_owner;
    END IF;
  END IF;

  IF found_id IS NULL THEN
    INSERT INTO students AS s (name, email, mobile, mobiles, emails, state, district, courses, branch, branch_source,
      owner_id, version)
    VALUES (answers ->> 'name', contact_email, contact_mobile,
      CASE WHEN contact_mobile <> '' THEN ARRAY[contact_mobile] ELSE '{}' END,
      CASE WHEN contact_email <> '' THEN ARRAY[contact_email] ELSE '{}' END,
      answers ->> 'state', answers ->> 'district',
      CASE WHEN chosen_course IS NOT NULL THEN ARRAY[chosen_course] ELSE '{}' END,
      new_branch, new_source,
      next_owner, CASE WHEN next_owner IS NOT NULL THEN 2 ELSE 1 END)
    RETURNING s.id, s.version INTO found_id, new_version;
  ELSE
    UPDATE students s SET
      name = answers ->> 'name', email = contact_email, mobile = contact_mobile,
      state = answers ->> 'state', district = answers ->> 'district',
      mobiles = CASE WHEN contact_mobile = '' OR contact_mobile = ANY (s.mobiles) THEN s.mobiles
        ELSE array_append(s.mobiles, contact_mobile) END,
      emails = CASE WHEN contact_email = '' OR contact_email = ANY (s.emails) THEN s.emails
        ELSE array_append(s.emails, contact_email) END,
      courses = CASE WHEN chosen_course IS NULL OR chosen_course = ANY (s.courses) THEN s.courses
        ELSE array_append(s.courses, chosen_course) END,
      branch = new_branch, branch_source = new_source,
      owner_id = coalesce(s.owner_id, next_owner),
      version = s.version + CASE WHEN next_owner IS NOT NULL OR branch_changed THEN 1 ELSE 0 END,
      updated_at = now()
    WHERE s.id = found_id
    RETURNING s.version INTO new_version;
  END IF;

  -- The form, on its record.
  IF form_kind = 'enquiry' THEN
    INSERT INTO enquiries AS e (name, email, mobile, stream, major, state, district, under_18, guardian_name,
      guardian_mobile, guardian_consent, submission_token, submission_fingerprint, landing_page, utm_source,
      utm_medium, utm_campaign, question, course, student_id)
    SELECT f.name, f.email, f.mobile, f.stream, f.major, f.state, f.district, f.under_18, f.guardian_name,
      f.guardian_mobile, f.guardian_consent, f.submission_token, f.submission_fingerprint, f.landing_page,
      f.utm_source, f.utm_medium, f.utm_campaign, coalesce(f.question, ''), chosen_course, found_id
    FROM jsonb_populate_record(NULL::enquiries, answers) AS f
    RETURNING e.id INTO stored_id;
  ELSE
    INSERT INTO registrations AS r (name, email, mobile, stream, major, state, district, under_18, guardian_name,
      guardian_mobile, guardian_consent, submission_token, submission_fingerprint, landing_page, utm_source,
      utm_medium, utm_campaign, course, batch_id, batch, student_id)
    SELECT f.name, f.email, f.mobile, f.stream, f.major, f.state, f.district, f.under_18, f.guardian_name,
      f.guardian_mobile, f.guardian_consent, f.submission_token, f.submission_fingerprint, f.landing_page,
      f.utm_source, f.utm_medium, f.utm_campaign, chosen_course, f.batch_id, coalesce(f.batch, ''), found_id
    FROM jsonb_populate_record(NULL::registrations, answers) AS f
    RETURNING r.id INTO stored_id;
  END IF;

  -- Its entry on the timeline; a returning student's branch the form set; the owner's when the
  -- record was given to someone now.
  INSERT INTO student_timeline (student_id, kind, detail)
  SELECT found_id, entry.kind, entry.detail
  FROM (VALUES
    (1, 'submission', jsonb_build_object('form', form_kind, 'submissionId', stored_id, 'course', chosen_course,
      'landingPage', coalesce(answers ->> 'landing_page', ''), 'utmSource', coalesce(answers ->> 'utm_source', ''),
      'utmMedium', coalesce(answers ->> 'utm_medium', ''), 'utmCampaign', coalesce(answers ->> 'utm_campaign', ''))),
    (2, 'branch', CASE WHEN branch_changed THEN jsonb_build_object('from', branch_before, 'fromSource', source_before,
      'to', new_branch, 'source', new_source, 'form', form_kind, 'submissionId', stored_id, 'version', new_version) END),
    (3, 'owner', CASE WHEN next_owner IS NOT NULL THEN jsonb_build_object('from', NULL, 'to', next_owner,
      'rule', 'pool', 'course', chosen_course, 'version', new_version)
      || CASE WHEN pool_branch <> '' THEN jsonb_build_object('branch', pool_branch) ELSE '{}'::jsonb END END)
  ) AS entry(n, kind, detail)
  WHERE entry.detail IS NOT NULL
  ORDER BY entry.n;

  RETURN QUERY SELECT stored_id, false, found_id, coalesce(owner_before, next_owner), next_owner IS NOT NULL;
END $$;
