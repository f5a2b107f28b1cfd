CREATE TABLE "recheck_settings" (
	"competition_id" uuid PRIMARY KEY NOT NULL,
	"window_days" integer DEFAULT 7 NOT NULL,
	"max_questions" integer DEFAULT 2 NOT NULL,
	"fee_bdt" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rechecks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"competition_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"question_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"fee_transaction_id" text,
	"status" text DEFAULT 'requested' NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"marks_before" integer NOT NULL,
	"grader_id" uuid,
	"assigned_at" timestamp with time zone,
	"marks_after" integer,
	"outcome" text,
	"outcome_note" text,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "recheck_settings" ADD CONSTRAINT "recheck_settings_competition_id_competitions_id_fk" FOREIGN KEY ("competition_id") REFERENCES "public"."competitions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rechecks" ADD CONSTRAINT "rechecks_competition_id_competitions_id_fk" FOREIGN KEY ("competition_id") REFERENCES "public"."competitions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rechecks" ADD CONSTRAINT "rechecks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rechecks" ADD CONSTRAINT "rechecks_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rechecks" ADD CONSTRAINT "rechecks_grader_id_users_id_fk" FOREIGN KEY ("grader_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "rechecks_one_per_answer_idx" ON "rechecks" USING btree ("user_id","question_id");--> statement-breakpoint
CREATE INDEX "rechecks_queue_idx" ON "rechecks" USING btree ("competition_id","status");