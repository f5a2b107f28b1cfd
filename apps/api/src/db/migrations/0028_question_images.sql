CREATE TABLE "question_images" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"question_id" uuid,
	"uploaded_by" uuid,
	"position" integer DEFAULT 0 NOT NULL,
	"alt_english" text DEFAULT '' NOT NULL,
	"alt_bangla" text DEFAULT '' NOT NULL,
	"phone_key" text NOT NULL,
	"phone_width" integer NOT NULL,
	"phone_height" integer NOT NULL,
	"phone_size_bytes" integer NOT NULL,
	"phone_sha256" text NOT NULL,
	"zoom_key" text NOT NULL,
	"zoom_width" integer NOT NULL,
	"zoom_height" integer NOT NULL,
	"zoom_size_bytes" integer NOT NULL,
	"zoom_sha256" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "question_images_phone_key_unique" UNIQUE("phone_key"),
	CONSTRAINT "question_images_zoom_key_unique" UNIQUE("zoom_key")
);
--> statement-breakpoint
ALTER TABLE "question_images" ADD CONSTRAINT "question_images_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_images" ADD CONSTRAINT "question_images_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "question_images_question_idx" ON "question_images" USING btree ("question_id","position");--> statement-breakpoint
CREATE INDEX "question_images_unattached_idx" ON "question_images" USING btree ("created_at") WHERE "question_images"."question_id" is null;