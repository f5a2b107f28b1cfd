CREATE TABLE "competitions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"fee_bdt" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "competitions_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "final_round_details" (
	"competition_id" uuid NOT NULL,
	"category" text NOT NULL,
	"date" text,
	"reporting_time" text,
	"time" text,
	"venue" text,
	"influencer_session" text,
	"departure" text,
	CONSTRAINT "final_round_details_competition_id_category_pk" PRIMARY KEY("competition_id","category")
);
--> statement-breakpoint
CREATE TABLE "registrations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"competition_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"category" text NOT NULL,
	"class" integer NOT NULL,
	"name" text NOT NULL,
	"institution" text NOT NULL,
	"division" text NOT NULL,
	"district" text NOT NULL,
	"sub_district" text NOT NULL,
	"guardian_name" text NOT NULL,
	"guardian_phone" text NOT NULL,
	"tshirt_size" text NOT NULL,
	"pickup_spot" text NOT NULL,
	"payment_method" text NOT NULL,
	"payment_sender" text NOT NULL,
	"transaction_id" text NOT NULL,
	"roll_number" text,
	"verification_code" text,
	"rejection_reason" text,
	"registered_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" uuid,
	CONSTRAINT "registrations_transaction_id_unique" UNIQUE("transaction_id"),
	CONSTRAINT "registrations_roll_number_unique" UNIQUE("roll_number"),
	CONSTRAINT "registrations_verification_code_unique" UNIQUE("verification_code")
);
--> statement-breakpoint
ALTER TABLE "final_round_details" ADD CONSTRAINT "final_round_details_competition_id_competitions_id_fk" FOREIGN KEY ("competition_id") REFERENCES "public"."competitions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_competition_id_competitions_id_fk" FOREIGN KEY ("competition_id") REFERENCES "public"."competitions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "registrations_one_per_account_idx" ON "registrations" USING btree ("competition_id","user_id");--> statement-breakpoint
CREATE INDEX "registrations_status_idx" ON "registrations" USING btree ("competition_id","status","category");