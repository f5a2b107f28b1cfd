ALTER TABLE "users" ADD COLUMN "media_files" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "media_bytes" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "users" SET "media_files" = usage.files, "media_bytes" = usage.bytes
FROM (SELECT "owner_id", count(*)::integer AS files, coalesce(sum("size_bytes"), 0)::bigint AS bytes FROM "media" GROUP BY "owner_id") AS usage
WHERE usage."owner_id" = "users"."id";--> statement-breakpoint
CREATE FUNCTION "media_usage"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' OR TG_OP = 'UPDATE' THEN
    UPDATE "users" SET "media_files" = "media_files" + 1, "media_bytes" = "media_bytes" + NEW."size_bytes" WHERE "id" = NEW."owner_id";
  END IF;
  IF TG_OP = 'DELETE' OR TG_OP = 'UPDATE' THEN
    UPDATE "users" SET "media_files" = "media_files" - 1, "media_bytes" = "media_bytes" - OLD."size_bytes" WHERE "id" = OLD."owner_id";
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "media_usage" AFTER INSERT OR DELETE OR UPDATE OF "size_bytes", "owner_id" ON "media"
FOR EACH ROW EXECUTE FUNCTION "media_usage"();
