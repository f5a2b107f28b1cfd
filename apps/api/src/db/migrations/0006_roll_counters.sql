CREATE TABLE "roll_counters" (
	"competition_id" uuid NOT NULL,
	"category" text NOT NULL,
	"last" integer NOT NULL,
	CONSTRAINT "roll_counters_competition_id_category_pk" PRIMARY KEY("competition_id","category")
);
--> statement-breakpoint
ALTER TABLE "roll_counters" ADD CONSTRAINT "roll_counters_competition_id_competitions_id_fk" FOREIGN KEY ("competition_id") REFERENCES "public"."competitions"("id") ON DELETE cascade ON UPDATE no action;