-- The student list at scale (200,000 records, bench/pipeline.ts).
--
-- 1. GIN indexes without a pending list. By default a GIN index collects new entries in an
--    unsorted pending list (up to 4 MB) that only VACUUM or a full list flushes, and every search
--    reads the whole list: a lookup of one mobile read 178 pages instead of 4. The embedded
--    database never runs autovacuum, so its lists never shrink. New entries now go straight into
--    the index (an arrival writes a few more pages), and what is pending is flushed now.
-- 2. Likely duplicates by mobile ("one digit different", "two neighbouring digits swapped",
--    decision 024) looked up the 99 numbers one slip away from each number in one array
--    comparison; for a page of 50 records that is 4,500 numbers, which the planner answered by
--    comparing every record with all of them (20-60 s). Two numbers one slip apart become equal
--    once one digit is deleted from each (the same position for a different digit, neighbouring
--    positions for a swap), so each record's numbers are indexed by their ten 9-digit deletions:
--    ten index keys per number on the page; the exact test runs on the few records they find.
CREATE FUNCTION "student_mobile_keys"("mobiles" text[]) RETURNS integer[]
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$
    SELECT coalesce(array_agg(DISTINCT overlay(m PLACING '' FROM k FOR 1)::integer), '{}')
    FROM unnest(mobiles) AS m, generate_series(1, 10) AS k
    WHERE m ~ '^[0-9]{10}$'
  $$;--> statement-breakpoint
CREATE INDEX "students_mobile_keys_idx" ON "students" USING gin ("student_mobile_keys"("mobiles")) WITH (fastupdate = off);--> statement-breakpoint
DO $$
DECLARE
  name text;
BEGIN
  FOREACH name IN ARRAY ARRAY['students_mobiles_idx', 'students_emails_idx', 'students_courses_idx',
      'students_name_trgm_idx', 'students_email_trgm_idx', 'students_mobile_trgm_idx'] LOOP
    -- The trigram indexes exist only where pg_trgm could be created (migration 0017).
    IF to_regclass(format('%I', name)) IS NOT NULL THEN
      EXECUTE format('ALTER INDEX %I SET (fastupdate = off)', name);
      PERFORM gin_clean_pending_list(to_regclass(format('%I', name)));
    END IF;
  END LOOP;
END $$;
