-- My day: when a student was first contacted (a call, WhatsApp message or e-mail logged), and
-- the indexes its groups read. Records contacted before this version take the time of their
-- first such timeline entry; every other row stays as it is.
ALTER TABLE "students" ADD COLUMN "contacted_at" timestamp with time zone;--> statement-breakpoint
UPDATE "students" SET "contacted_at" = "first"."at"
FROM (
  SELECT "student_id", min("at") AS "at" FROM "student_timeline"
  WHERE "kind" IN ('call', 'whatsapp', 'email')
  GROUP BY "student_id"
) AS "first"
WHERE "first"."student_id" = "students"."id";--> statement-breakpoint
CREATE INDEX "students_owner_follow_up_idx" ON "students" USING btree ("owner_id","next_follow_up_at");--> statement-breakpoint
CREATE INDEX "students_updated_at_idx" ON "students" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "students_uncontacted_idx" ON "students" USING btree ("owner_id","created_at") WHERE "students"."stage" = 'new' and "students"."contacted_at" is null;
