-- Merged student records: a record merged into another is deleted (its forms and timeline
-- move to the record kept); this row remembers where it went, so a link to it or a page
-- still open on it leads to the kept record. It holds ids only and goes with the kept record.
CREATE TABLE "student_merges" (
	"merged_id" integer PRIMARY KEY NOT NULL,
	"kept_id" integer NOT NULL,
	"merged_at" timestamp with time zone DEFAULT now() NOT NULL,
	"merged_by" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "student_merges" ADD CONSTRAINT "student_merges_kept_id_students_id_fk" FOREIGN KEY ("kept_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "student_merges_kept_idx" ON "student_merges" USING btree ("kept_id");--> statement-breakpoint
-- Likely duplicates are looked up by name and district.
CREATE INDEX "students_name_district_idx" ON "students" USING btree (lower(btrim("name")),"district");
