-- Seats that count themselves (decision 032). An enrolled student's record names the batch they
-- joined (students.batch_id, null while it is not decided yet), and a batch has a total of seats
-- (course_batches.seats_total) from which the pages count the seats left. The seats typed by hand
-- move over: "left" with a number N becomes a total of N plus the students enrolled in the batch
-- (none before this migration: no record names a batch yet); "filling-fast" and "full" stay as
-- words set by hand until the institute gives a total; "open" stays "open" (no number).
-- The timeline takes "batch" entries (and "branch" ones, of the records' branches).
ALTER TABLE "course_batches" DROP CONSTRAINT "course_batches_seats_check";--> statement-breakpoint
ALTER TABLE "course_batches" ADD COLUMN "seats_total" integer;--> statement-breakpoint
UPDATE "course_batches" SET "seats_total" = "seats_left", "seats" = 'open' WHERE "seats" = 'left' AND "seats_left" IS NOT NULL;--> statement-breakpoint
UPDATE "course_batches" SET "seats" = 'open' WHERE "seats" NOT IN ('open', 'filling-fast', 'full');--> statement-breakpoint
ALTER TABLE "course_batches" DROP COLUMN "seats_left";--> statement-breakpoint
ALTER TABLE "course_batches" ADD CONSTRAINT "course_batches_seats_check" CHECK ("course_batches"."seats" in ('open', 'filling-fast', 'full') and ("course_batches"."seats_total" is null or ("course_batches"."seats" = 'open' and "course_batches"."seats_total" between 1 and 9999)));--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "batch_id" integer;--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_batch_id_course_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."course_batches"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_batch_check" CHECK ("students"."batch_id" is null or "students"."stage" = 'enrolled');--> statement-breakpoint
CREATE INDEX "students_batch_idx" ON "students" USING btree ("batch_id") WHERE "students"."batch_id" is not null;--> statement-breakpoint
CREATE INDEX "students_batch_undecided_idx" ON "students" USING btree ("updated_at") WHERE "students"."stage" = 'enrolled' and "students"."batch_id" is null;--> statement-breakpoint
ALTER TABLE "student_timeline" DROP CONSTRAINT "student_timeline_kind_check";--> statement-breakpoint
ALTER TABLE "student_timeline" ADD CONSTRAINT "student_timeline_kind_check" CHECK ("student_timeline"."kind" in ('submission', 'call', 'whatsapp', 'email', 'note', 'stage', 'owner', 'follow_up', 'merge', 'email_sent', 'intake', 'batch', 'branch'));
