CREATE TABLE "grading_claims" (
	"user_id" uuid NOT NULL,
	"question_id" uuid NOT NULL,
	"grader_id" uuid NOT NULL,
	"claimed_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "grading_claims_user_id_question_id_pk" PRIMARY KEY("user_id","question_id")
);
--> statement-breakpoint
CREATE TABLE "rubric_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"question_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"text" text NOT NULL,
	"points" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "marks" ADD COLUMN "grader_rubric" jsonb;--> statement-breakpoint
ALTER TABLE "marks" ADD COLUMN "override_rubric" jsonb;--> statement-breakpoint
ALTER TABLE "grading_claims" ADD CONSTRAINT "grading_claims_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grading_claims" ADD CONSTRAINT "grading_claims_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grading_claims" ADD CONSTRAINT "grading_claims_grader_id_users_id_fk" FOREIGN KEY ("grader_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rubric_items" ADD CONSTRAINT "rubric_items_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "grading_claims_question_idx" ON "grading_claims" USING btree ("question_id","expires_at");--> statement-breakpoint
CREATE INDEX "rubric_items_question_idx" ON "rubric_items" USING btree ("question_id","position");--> statement-breakpoint
CREATE INDEX "answers_question_idx" ON "answers" USING btree ("question_id","user_id");