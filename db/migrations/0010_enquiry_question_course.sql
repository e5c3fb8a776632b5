ALTER TABLE "enquiries" ADD COLUMN "question" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN "course" text;--> statement-breakpoint
ALTER TABLE "enquiries" ADD CONSTRAINT "enquiries_course_check" CHECK ("enquiries"."course" is null or "enquiries"."course" in ('embedded', 'iot', 'python fullstack', 'ai', 'matlab'));--> statement-breakpoint
ALTER TABLE "enquiries" ADD CONSTRAINT "enquiries_question_check" CHECK (char_length("enquiries"."question") <= 1000);
