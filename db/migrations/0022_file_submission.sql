-- A form is stored and filed in one statement (decision 028). The site used to send some
-- sixteen statements for each new student's form (the form, two locks, two look-ups, the record,
-- the form's record, its entry, the record locked again, the pool, the turn taken, the owner
-- given, its entry), each a round trip, and on the embedded database each parsed, planned and
-- answered one at a time in the site's own thread. file_submission does the same work in one:
--
-- 1. The student's mobile and e-mail are locked until commit (the same keys as before), so two
--    forms of one student arriving together find one record; a replay of a stored form (its
--    token and answers) is found after the locks, and stores nothing.
-- 2. The record with the mobile, else the e-mail (the oldest, if several), takes the latest name,
--    contact details and course; else a new record is made.
-- 3. A record without an owner is given the next of the course's pool, in turn (accounts away or
--    banned skipped, the turn kept per course), in the same write that makes or changes it: a new
--    record is written once, not written and then changed (each change of a record rewrote every
--    one of its eight GIN index entries, the mobile's ten deletion keys among them).
-- 4. The form is stored already on its record, and the form's entry and the owner's entry go on
--    the timeline in one insert.
--
-- `form` holds the form's columns by their names; `mobile` and `email` are the normalised
-- contact details (student-contact.ts). Answers with the form's id, whether it was a replay,
-- the record, its owner and whether it was given to them now.
CREATE FUNCTION "file_submission"("form_kind" text, "answers" jsonb, "contact_mobile" text, "contact_email" text)
  RETURNS TABLE ("submission_id" integer, "replay" boolean, "record_id" integer, "record_owner" text, "owner_assigned" boolean)
  LANGUAGE plpgsql
  AS $$
DECLARE
  chosen_course text := nullif(answers ->> 'course', '');
  stored_id integer;
  found_id integer;
  owner_before text;
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
    SELECT s.owner_id INTO owner_before FROM students s WHERE s.id = found_id FOR UPDATE;
  END IF;

  -- A record without an owner gets the next of the course's pool: its accounts in one fixed order,
  -- byte by byte (not by the database's collation), after the last one given, else the first. The
  -- course's turn is taken and moved on in one write, which holds it until commit.
  IF owner_before IS NULL AND chosen_course IS NOT NULL THEN
    SELECT array_agg(p.user_id COLLATE "C" ORDER BY p.user_id COLLATE "C") INTO pool
    FROM assignment_pools p
      JOIN "user" u ON u.id = p.user_id
      LEFT JOIN staff_availability a ON a.user_id = p.user_id
    WHERE p.course = chosen_course AND a.away IS NOT TRUE AND u.banned IS NOT TRUE;
    IF pool IS NOT NULL THEN
      INSERT INTO assignment_cursors AS c (course, last_user_id) VALUES (chosen_course, pool[1])
      ON CONFLICT (course) DO UPDATE SET last_user_id = coalesce(
        (SELECT min(m COLLATE "C") FROM unnest(pool) AS m WHERE m > c.last_user_id COLLATE "C"), pool[1])
      RETURNING c.last_user_id INTO next_owner;
    END IF;
  END IF;

  IF found_id IS NULL THEN
    INSERT INTO students AS s (name, email, mobile, mobiles, emails, state, district, courses, owner_id, version)
    VALUES (answers ->> 'name', contact_email, contact_mobile,
      CASE WHEN contact_mobile <> '' THEN ARRAY[contact_mobile] ELSE '{}' END,
      CASE WHEN contact_email <> '' THEN ARRAY[contact_email] ELSE '{}' END,
      answers ->> 'state', answers ->> 'district',
      CASE WHEN chosen_course IS NOT NULL THEN ARRAY[chosen_course] ELSE '{}' END,
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
      owner_id = coalesce(s.owner_id, next_owner),
      version = s.version + CASE WHEN next_owner IS NOT NULL THEN 1 ELSE 0 END,
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

  -- Its entry on the timeline, and the owner's when the record was given to someone now.
  INSERT INTO student_timeline (student_id, kind, detail)
  SELECT found_id, entry.kind, entry.detail
  FROM (VALUES
    (1, 'submission', jsonb_build_object('form', form_kind, 'submissionId', stored_id, 'course', chosen_course,
      'landingPage', coalesce(answers ->> 'landing_page', ''), 'utmSource', coalesce(answers ->> 'utm_source', ''),
      'utmMedium', coalesce(answers ->> 'utm_medium', ''), 'utmCampaign', coalesce(answers ->> 'utm_campaign', ''))),
    (2, 'owner', CASE WHEN next_owner IS NOT NULL THEN jsonb_build_object('from', NULL, 'to', next_owner,
      'rule', 'pool', 'course', chosen_course, 'version', new_version) END)
  ) AS entry(n, kind, detail)
  WHERE entry.detail IS NOT NULL
  ORDER BY entry.n;

  RETURN QUERY SELECT stored_id, false, found_id, coalesce(owner_before, next_owner), next_owner IS NOT NULL;
END $$;
