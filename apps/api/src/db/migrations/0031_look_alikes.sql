CREATE TABLE "look_alikes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"competition_id" uuid NOT NULL,
	"category" text NOT NULL,
	"first_user_id" uuid NOT NULL,
	"first_sha256" text NOT NULL,
	"second_user_id" uuid NOT NULL,
	"second_sha256" text NOT NULL,
	"distance" integer NOT NULL,
	"same_file" boolean NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"note" text,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"found_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "fingerprint" text;--> statement-breakpoint
ALTER TABLE "look_alikes" ADD CONSTRAINT "look_alikes_competition_id_competitions_id_fk" FOREIGN KEY ("competition_id") REFERENCES "public"."competitions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "look_alikes" ADD CONSTRAINT "look_alikes_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "look_alikes" ADD CONSTRAINT "look_alikes_first_photo_fk" FOREIGN KEY ("first_user_id","first_sha256") REFERENCES "public"."answer_photos"("user_id","sha256") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "look_alikes" ADD CONSTRAINT "look_alikes_second_photo_fk" FOREIGN KEY ("second_user_id","second_sha256") REFERENCES "public"."answer_photos"("user_id","sha256") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "look_alikes_pair_idx" ON "look_alikes" USING btree ("first_user_id","first_sha256","second_user_id","second_sha256");--> statement-breakpoint
CREATE INDEX "look_alikes_category_idx" ON "look_alikes" USING btree ("competition_id","category","status");