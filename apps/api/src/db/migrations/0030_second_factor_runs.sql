CREATE TABLE "second_factor_runs" (
	"user_id" uuid NOT NULL,
	"device" text DEFAULT '' NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"wait_until" timestamp with time zone NOT NULL,
	"locked_at" timestamp with time zone,
	CONSTRAINT "second_factor_runs_user_id_device_pk" PRIMARY KEY("user_id","device")
);
--> statement-breakpoint
ALTER TABLE "login_devices" ADD COLUMN "second_factor_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "second_factor_runs" ADD CONSTRAINT "second_factor_runs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;