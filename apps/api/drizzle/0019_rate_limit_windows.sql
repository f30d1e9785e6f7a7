-- UNLOGGED added by hand (drizzle-kit cannot express it): rate-limit counters need not survive a
-- crash (PostgreSQL empties an unlogged table after one), and skipping the WAL makes the write done
-- for rate-limited requests cheaper. PGlite accepts the keyword too, so both run this file.
CREATE UNLOGGED TABLE "rate_limit_windows" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"reset_at" timestamp with time zone NOT NULL
);
