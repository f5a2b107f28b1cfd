CREATE TABLE "announcement_recipients" (
	"announcement_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"mail_id" bigint NOT NULL,
	"read_at" timestamp with time zone,
	CONSTRAINT "announcement_recipients_announcement_id_user_id_pk" PRIMARY KEY("announcement_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "announcements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"competition_id" uuid NOT NULL,
	"title_en" text NOT NULL,
	"title_bn" text NOT NULL,
	"body_en" text NOT NULL,
	"body_bn" text NOT NULL,
	"segment" jsonb NOT NULL,
	"rate_per_minute" integer NOT NULL,
	"recipient_count" integer NOT NULL,
	"sent_by" uuid,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "outbox_mails" ADD COLUMN "throttle_key" text;--> statement-breakpoint
ALTER TABLE "outbox_mails" ADD COLUMN "throttle_per_minute" integer;--> statement-breakpoint
ALTER TABLE "outbox_mails" ADD COLUMN "claimed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "announcement_recipients" ADD CONSTRAINT "announcement_recipients_announcement_id_announcements_id_fk" FOREIGN KEY ("announcement_id") REFERENCES "public"."announcements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcement_recipients" ADD CONSTRAINT "announcement_recipients_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_competition_id_competitions_id_fk" FOREIGN KEY ("competition_id") REFERENCES "public"."competitions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_sent_by_users_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "announcement_recipients_user_idx" ON "announcement_recipients" USING btree ("user_id","read_at");--> statement-breakpoint
CREATE UNIQUE INDEX "announcement_recipients_mail_idx" ON "announcement_recipients" USING btree ("mail_id");--> statement-breakpoint
CREATE INDEX "announcements_sent_idx" ON "announcements" USING btree ("sent_at");--> statement-breakpoint
CREATE INDEX "outbox_mails_throttle_idx" ON "outbox_mails" USING btree ("throttle_key","claimed_at");