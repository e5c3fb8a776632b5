ALTER TABLE "enquiries" ADD COLUMN "submission_fingerprint" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "submission_fingerprint" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "enquiries_submission_idx" ON "enquiries" USING btree ("submission_token","submission_fingerprint");--> statement-breakpoint
CREATE UNIQUE INDEX "registrations_submission_idx" ON "registrations" USING btree ("submission_token","submission_fingerprint");--> statement-breakpoint
ALTER TABLE "enquiries" DROP CONSTRAINT "enquiries_submission_token_unique";--> statement-breakpoint
ALTER TABLE "registrations" DROP CONSTRAINT "registrations_submission_token_unique";
