CREATE TABLE "payment_matches" (
	"transaction_id" text PRIMARY KEY NOT NULL,
	"registration_id" uuid NOT NULL,
	"amount" integer NOT NULL,
	"matched_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payment_matches" ADD CONSTRAINT "payment_matches_registration_id_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."registrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
INSERT INTO "payment_matches" ("transaction_id", "registration_id", "amount", "matched_at")
SELECT "transaction_id", "id", "payment_matched_amount", "payment_matched_at" FROM "registrations"
WHERE "payment_matched_at" IS NOT NULL AND "payment_matched_amount" IS NOT NULL;
