CREATE TABLE "upload_contents" (
	"name" varchar(64) PRIMARY KEY NOT NULL,
	"content" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Hand-written (decision 0060): images are already compressed (PNG, JPEG, WebP), so PostgreSQL
-- stores them out of line without trying to compress them again.
ALTER TABLE "upload_contents" ALTER COLUMN "content" SET STORAGE EXTERNAL;
