-- Reminders by e-mail (decision 019): the outbox also carries mail that is about no single
-- submission (a counsellor's morning digest, the admins' alert about students waiting for a
-- first call), so its submission columns may be empty; three new kinds of message; the record
-- of each counsellor's digest per day and of each student the admins were alerted about, which
-- makes both once-only across processes and restarts. Every existing row stays as it is.
ALTER TABLE "outbox" ALTER COLUMN "submission_kind" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ALTER COLUMN "submission_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" DROP CONSTRAINT "outbox_kind_check";--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_kind_check" CHECK ("outbox"."kind" in ('institute', 'coordinator', 'acknowledgement', 'counsellor', 'digest', 'uncontacted'));--> statement-breakpoint
CREATE TABLE "reminder_digests" (
	"user_id" text NOT NULL,
	"day" text NOT NULL,
	"outcome" text NOT NULL,
	"outbox_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reminder_digests_user_id_day_pk" PRIMARY KEY("user_id","day"),
	CONSTRAINT "reminder_digests_outcome_check" CHECK ("reminder_digests"."outcome" in ('sent', 'nothing due', 'away')),
	CONSTRAINT "reminder_digests_day_check" CHECK ("reminder_digests"."day" ~ '^\d{4}-\d{2}-\d{2}$')
);
--> statement-breakpoint
CREATE TABLE "uncontacted_alerts" (
	"student_id" integer PRIMARY KEY NOT NULL,
	"alerted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reminder_digests" ADD CONSTRAINT "reminder_digests_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uncontacted_alerts" ADD CONSTRAINT "uncontacted_alerts_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reminder_digests_day_idx" ON "reminder_digests" USING btree ("day");
