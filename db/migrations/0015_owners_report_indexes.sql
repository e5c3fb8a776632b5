-- The owner's report (decision 020) reads the timeline by kind and time: the first contact of
-- each new student, the stages they reached, and the follow-ups that fell due in a period.
CREATE INDEX IF NOT EXISTS "student_timeline_contact_idx" ON "student_timeline" USING btree ("student_id","at") WHERE "kind" in ('call', 'whatsapp', 'email');--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "student_timeline_stage_at_idx" ON "student_timeline" USING btree ("at") WHERE "kind" = 'stage';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "student_timeline_follow_up_idx" ON "student_timeline" USING btree ("student_id","at") WHERE "kind" = 'follow_up';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "student_timeline_follow_up_due_idx" ON "student_timeline" USING btree (("detail" ->> 'to')) WHERE "kind" = 'follow_up';
