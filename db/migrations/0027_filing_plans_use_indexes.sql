-- The filing's look-ups use their indexes from a new database's first form (decision 028,
-- 2026-12-08). PL/pgSQL keeps a generic plan of each statement of a function after its fifth call
-- in a connection, until a table it reads is analysed again. On a new database that plan is made
-- while students and their facts are a few rows, where reading a whole table is cheapest, and it
-- was kept as the tables grew: under the form load on a new PostgreSQL database each form read the
-- students table whole twice (by mobile, then by e-mail) and the facts once, more than half of the
-- server's work, until autovacuum's next analysis (a minute or more; the embedded database analyses
-- a table once it has doubled). Every statement of these two functions finds rows by a key that
-- has an index, so their plans are made with sequential scans ruled out; a table without a usable
-- index is still read whole. A migration that replaces either function with CREATE OR REPLACE
-- must keep this setting in its definition.
ALTER FUNCTION "file_submission"(text, jsonb, text, text) SET enable_seqscan = off;--> statement-breakpoint
ALTER FUNCTION "student_facts_after_form_row_insert"() SET enable_seqscan = off;
