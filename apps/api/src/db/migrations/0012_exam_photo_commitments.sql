CREATE TABLE "answer_photos" (
	"user_id" uuid NOT NULL,
	"sha256" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"question_id" uuid NOT NULL,
	"committed_at" timestamp with time zone NOT NULL,
	"media_id" uuid,
	"delivered_at" timestamp with time zone,
	"late" boolean DEFAULT false NOT NULL,
	"taken_at" timestamp with time zone,
	"late_decision" text,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	CONSTRAINT "answer_photos_user_id_sha256_pk" PRIMARY KEY("user_id","sha256")
);
--> statement-breakpoint
ALTER TABLE "answers" ADD COLUMN "images" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "status" text DEFAULT 'ready' NOT NULL;--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "source_sha256" text;--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "source_size" integer;--> statement-breakpoint
ALTER TABLE "answer_photos" ADD CONSTRAINT "answer_photos_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "answer_photos" ADD CONSTRAINT "answer_photos_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "answer_photos" ADD CONSTRAINT "answer_photos_media_id_media_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "answer_photos" ADD CONSTRAINT "answer_photos_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "answer_photos_question_idx" ON "answer_photos" USING btree ("question_id");--> statement-breakpoint
CREATE INDEX "media_pending_idx" ON "media" USING btree ("created_at") WHERE "media"."status" = 'pending';--> statement-breakpoint
-- Existing files: what was received is what is served.
UPDATE "media" SET "source_sha256" = "sha256", "source_size" = "size_bytes";--> statement-breakpoint
-- Existing answers: each uploaded image becomes a delivered photo of the answer, in the same order.
INSERT INTO "answer_photos" ("user_id", "sha256", "size_bytes", "question_id", "committed_at", "media_id", "delivered_at")
SELECT a."user_id", m."sha256", m."size_bytes", a."question_id", a."saved_at", m."id", a."saved_at"
FROM "answers" a
CROSS JOIN LATERAL jsonb_array_elements_text(a."media_ids") AS e(media_id)
JOIN "media" m ON m."id" = e.media_id::uuid
ON CONFLICT DO NOTHING;--> statement-breakpoint
UPDATE "answers" a SET "images" = COALESCE((
  SELECT jsonb_agg(jsonb_build_object('sha256', m."sha256", 'size', m."size_bytes") ORDER BY e.ord)
  FROM jsonb_array_elements_text(a."media_ids") WITH ORDINALITY AS e(media_id, ord)
  JOIN "media" m ON m."id" = e.media_id::uuid
), '[]'::jsonb);--> statement-breakpoint
ALTER TABLE "answers" ALTER COLUMN "images" DROP DEFAULT;