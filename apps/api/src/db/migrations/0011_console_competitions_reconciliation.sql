ALTER TABLE "competitions" ADD COLUMN "categories" jsonb DEFAULT '["junior","senior","secondary"]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "competitions" ADD COLUMN "award_bands" jsonb DEFAULT '{"gold_up_to":1,"silver_up_to":2,"bronze_up_to":3,"prize_up_to":50}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "ebooks" ADD COLUMN "thumbnail_key" text;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "payment_matched_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "payment_matched_amount" integer;