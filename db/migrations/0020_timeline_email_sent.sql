-- A student's timeline also keeps the e-mails the site sent them (the acknowledgement of a
-- form), as "email_sent" entries: the allowed kinds grow by that one; no row changes.
ALTER TABLE "student_timeline" DROP CONSTRAINT "student_timeline_kind_check";--> statement-breakpoint
ALTER TABLE "student_timeline" ADD CONSTRAINT "student_timeline_kind_check" CHECK ("student_timeline"."kind" in ('submission', 'call', 'whatsapp', 'email', 'note', 'stage', 'owner', 'follow_up', 'merge', 'email_sent'));
