CREATE TABLE "assignment_cursors" (
	"course" text PRIMARY KEY NOT NULL,
	"last_user_id" text
);
--> statement-breakpoint
CREATE TABLE "assignment_pools" (
	"course" text NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "assignment_pools_course_user_id_pk" PRIMARY KEY("course","user_id"),
	CONSTRAINT "assignment_pools_course_check" CHECK ("assignment_pools"."course" in ('embedded', 'iot', 'python fullstack', 'ai', 'matlab'))
);
--> statement-breakpoint
CREATE TABLE "staff_availability" (
	"user_id" text PRIMARY KEY NOT NULL,
	"away" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "assignment_pools" ADD CONSTRAINT "assignment_pools_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_availability" ADD CONSTRAINT "staff_availability_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;