CREATE TABLE "second_marking" (
	"question_id" uuid PRIMARY KEY NOT NULL,
	"sample_percent" integer DEFAULT 0 NOT NULL,
	"tolerance" integer DEFAULT 1 NOT NULL,
	"near_cutoff" integer DEFAULT 0 NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "second_marks" (
	"user_id" uuid NOT NULL,
	"question_id" uuid NOT NULL,
	"grader_id" uuid NOT NULL,
	"marks" integer,
	"rubric" jsonb,
	"comment" text,
	"claimed_until" timestamp with time zone NOT NULL,
	"graded_at" timestamp with time zone,
	"settled_by" uuid,
	"settled_at" timestamp with time zone,
	CONSTRAINT "second_marks_user_id_question_id_pk" PRIMARY KEY("user_id","question_id")
);
--> statement-breakpoint
ALTER TABLE "second_marking" ADD CONSTRAINT "second_marking_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "second_marking" ADD CONSTRAINT "second_marking_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "second_marks" ADD CONSTRAINT "second_marks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "second_marks" ADD CONSTRAINT "second_marks_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "second_marks" ADD CONSTRAINT "second_marks_grader_id_users_id_fk" FOREIGN KEY ("grader_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "second_marks" ADD CONSTRAINT "second_marks_settled_by_users_id_fk" FOREIGN KEY ("settled_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "second_marks_question_idx" ON "second_marks" USING btree ("question_id");