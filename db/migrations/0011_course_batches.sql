CREATE TABLE "course_batches" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "course_batches_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"course_key" text NOT NULL,
	"branch" text NOT NULL,
	"starts_on" date NOT NULL,
	"days" text NOT NULL,
	"start_time" text NOT NULL,
	"end_time" text NOT NULL,
	"mode" text NOT NULL,
	"seats" text DEFAULT 'open' NOT NULL,
	"seats_left" integer,
	"fee_inr" integer NOT NULL,
	"fee_includes" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	CONSTRAINT "course_batches_course_key_check" CHECK ("course_batches"."course_key" in ('embedded', 'iot', 'python', 'ai', 'matlab')),
	CONSTRAINT "course_batches_days_check" CHECK ("course_batches"."days" in ('weekday', 'weekend')),
	CONSTRAINT "course_batches_mode_check" CHECK ("course_batches"."mode" in ('classroom', 'online')),
	CONSTRAINT "course_batches_seats_check" CHECK (("course_batches"."seats" = 'left') = ("course_batches"."seats_left" is not null) and "course_batches"."seats" in ('open', 'left', 'filling-fast', 'full') and ("course_batches"."seats_left" is null or "course_batches"."seats_left" > 0)),
	CONSTRAINT "course_batches_time_check" CHECK ("course_batches"."start_time" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' and "course_batches"."end_time" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' and "course_batches"."start_time" < "course_batches"."end_time"),
	CONSTRAINT "course_batches_fee_check" CHECK ("course_batches"."fee_inr" >= 0)
);
--> statement-breakpoint
CREATE INDEX "course_batches_course_starts_idx" ON "course_batches" USING btree ("course_key","starts_on");
--> statement-breakpoint
CREATE INDEX "course_batches_starts_idx" ON "course_batches" USING btree ("starts_on");
--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "batch_id" integer;
--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "batch" text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_batch_id_course_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."course_batches"("id") ON DELETE set null ON UPDATE no action;
