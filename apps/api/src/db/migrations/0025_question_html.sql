ALTER TABLE "questions" ADD COLUMN "question_english_html" text;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "question_bangla_html" text;