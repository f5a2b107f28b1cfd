ALTER TABLE "outbox_mails" ADD COLUMN "render_as" text;--> statement-breakpoint
ALTER TABLE "outbox_mails" ADD COLUMN "about" jsonb;--> statement-breakpoint
ALTER TABLE "outbox_mails" ADD COLUMN "once_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "outbox_mails_once_key_idx" ON "outbox_mails" USING btree ("once_key");