CREATE TABLE "ebook_pages" (
	"ebook_id" uuid NOT NULL,
	"page" integer NOT NULL,
	"storage_key" text NOT NULL,
	"sha256" text NOT NULL,
	"size_bytes" integer NOT NULL,
	CONSTRAINT "ebook_pages_ebook_id_page_pk" PRIMARY KEY("ebook_id","page")
);
--> statement-breakpoint
CREATE TABLE "ebooks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"competition_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "preliminary_results" (
	"competition_id" uuid NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"category" text NOT NULL,
	"score" integer NOT NULL,
	"total" integer NOT NULL,
	"qualified" boolean NOT NULL,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "preliminary_results_competition_id_email_pk" PRIMARY KEY("competition_id","email")
);
--> statement-breakpoint
ALTER TABLE "ebook_pages" ADD CONSTRAINT "ebook_pages_ebook_id_ebooks_id_fk" FOREIGN KEY ("ebook_id") REFERENCES "public"."ebooks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ebooks" ADD CONSTRAINT "ebooks_competition_id_competitions_id_fk" FOREIGN KEY ("competition_id") REFERENCES "public"."competitions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "preliminary_results" ADD CONSTRAINT "preliminary_results_competition_id_competitions_id_fk" FOREIGN KEY ("competition_id") REFERENCES "public"."competitions"("id") ON DELETE cascade ON UPDATE no action;