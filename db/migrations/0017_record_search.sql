-- A search by a fragment of a name, e-mail or mobile ("kav", "menon", "98450") on the student list uses trigram
-- indexes (pg_trgm) instead of reading every record. pg_trgm ships with PostgreSQL (contrib) and
-- with the embedded database; where a PostgreSQL server does not offer it, or the site's database
-- user may not create it, the migration goes on without the indexes: searching still works, it
-- reads every record (docs/operations.md).
DO $$
BEGIN
  CREATE EXTENSION IF NOT EXISTS pg_trgm;
  CREATE INDEX IF NOT EXISTS "students_name_trgm_idx" ON "students" USING gin ("name" gin_trgm_ops);
  CREATE INDEX IF NOT EXISTS "students_email_trgm_idx" ON "students" USING gin ("email" gin_trgm_ops);
  CREATE INDEX IF NOT EXISTS "students_mobile_trgm_idx" ON "students" USING gin ("mobile" gin_trgm_ops);
EXCEPTION WHEN OTHERS THEN
  RAISE NOTICE 'Trigram indexes were not made (%): a search by a name fragment reads every record.', SQLERRM;
END $$;
