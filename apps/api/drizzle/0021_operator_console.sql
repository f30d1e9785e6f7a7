CREATE TABLE "admin_sessions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"used_recovery_code" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" uuid PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_user_id" uuid,
	"actor_email" varchar(254) NOT NULL,
	"source" varchar(8) NOT NULL,
	"action" varchar(60) NOT NULL,
	"entity" varchar(40) NOT NULL,
	"entity_id" varchar(100),
	"summary" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"request_id" varchar(64)
);
--> statement-breakpoint
CREATE TABLE "newsletter_issues" (
	"id" uuid PRIMARY KEY NOT NULL,
	"subject" varchar(200) NOT NULL,
	"body" text NOT NULL,
	"status" varchar(8) DEFAULT 'draft' NOT NULL,
	"recipients" integer,
	"written" integer DEFAULT 0 NOT NULL,
	"cursor" uuid,
	"lease_until" timestamp with time zone,
	"created_by_email" varchar(254) NOT NULL,
	"sent_by_email" varchar(254),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"send_started_at" timestamp with time zone,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "operator_mfa" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"secret" text,
	"enrolled_at" timestamp with time zone,
	"pending_secret" text,
	"pending_expires_at" timestamp with time zone,
	"last_used_step" bigint,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "operator_recovery_codes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"code_hash" varchar(64) NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "operators" (
	"id" uuid PRIMARY KEY NOT NULL,
	"email" varchar(254) NOT NULL,
	"user_id" uuid,
	"role" varchar(8) NOT NULL,
	"source" varchar(8) NOT NULL,
	"invited_by_email" varchar(254),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "operators_email_unique" UNIQUE("email"),
	CONSTRAINT "operators_role_check" CHECK ("operators"."role" in ('owner', 'staff'))
);
--> statement-breakpoint
CREATE TABLE "stock_ledger" (
	"id" uuid PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"product_id" uuid NOT NULL,
	"size_id" uuid,
	"label" varchar(100) DEFAULT 'Stock' NOT NULL,
	"delta" integer NOT NULL,
	"resulting_stock" integer NOT NULL,
	"reason" varchar(16) NOT NULL,
	"note" varchar(300),
	"actor_user_id" uuid,
	"actor_email" varchar(254),
	"order_id" uuid
);
--> statement-breakpoint
CREATE TABLE "tags" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "tags_name_unique" UNIQUE("name")
);
--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "position" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "vintage" smallint;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "registry_project_id" varchar(80);--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "low_stock_threshold" integer DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "sign_in_locked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "sign_in_locked_reason" varchar(300);--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "sign_in_locked_by" varchar(254);--> statement-breakpoint
ALTER TABLE "product_reviews" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "product_reviews" ADD COLUMN "hidden_reason" varchar(300);--> statement-breakpoint
ALTER TABLE "product_reviews" ADD COLUMN "hidden_by_email" varchar(254);--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "disabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "admin_sessions" ADD CONSTRAINT "admin_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operator_mfa" ADD CONSTRAINT "operator_mfa_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operator_recovery_codes" ADD CONSTRAINT "operator_recovery_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operators" ADD CONSTRAINT "operators_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_ledger" ADD CONSTRAINT "stock_ledger_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "admin_sessions_user_idx" ON "admin_sessions" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at");--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("entity","entity_id","at");--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_email","at");--> statement-breakpoint
CREATE INDEX "operator_recovery_codes_user_idx" ON "operator_recovery_codes" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "operators_user_unique" ON "operators" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "stock_ledger_product_idx" ON "stock_ledger" USING btree ("product_id","at");--> statement-breakpoint
CREATE INDEX "stock_ledger_order_idx" ON "stock_ledger" USING btree ("order_id") WHERE "stock_ledger"."order_id" is not null;--> statement-breakpoint
-- Hand-written (issue 24): the audit log is append-only. No code path updates or deletes its rows,
-- and the database refuses it too, whoever asks (decision 0030).
CREATE OR REPLACE FUNCTION audit_log_is_append_only() RETURNS trigger
  LANGUAGE plpgsql
  AS $$ BEGIN RAISE EXCEPTION 'the audit log cannot be changed: % refused', TG_OP USING ERRCODE = 'insufficient_privilege'; END $$;
--> statement-breakpoint
CREATE TRIGGER audit_log_no_change BEFORE UPDATE OR DELETE ON "audit_log" FOR EACH ROW EXECUTE FUNCTION audit_log_is_append_only();
--> statement-breakpoint
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON "audit_log" FOR EACH STATEMENT EXECUTE FUNCTION audit_log_is_append_only();
--> statement-breakpoint
-- Hand-written: every tag a product carries has a row in "tags" (names and order the console
-- manages), whoever wrote the product (seed, console, CSV import). Fires only when a write sets
-- the tags column, so stock updates of the order path never run it.
CREATE OR REPLACE FUNCTION products_register_tags() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  INSERT INTO "tags" ("id", "name", "position")
    SELECT gen_random_uuid(), t.name, (SELECT coalesce(max("position"), 0) FROM "tags") + t.ord
    FROM unnest(NEW."tags") WITH ORDINALITY AS t(name, ord)
    ON CONFLICT ("name") DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER products_register_tags AFTER INSERT OR UPDATE OF "tags" ON "products" FOR EACH ROW EXECUTE FUNCTION products_register_tags();
--> statement-breakpoint
INSERT INTO "tags" ("id", "name", "position")
  SELECT gen_random_uuid(), name, row_number() OVER (ORDER BY name) FROM (SELECT DISTINCT unnest("tags") AS name FROM "products") AS existing
  ON CONFLICT ("name") DO NOTHING;
--> statement-breakpoint
UPDATE "categories" SET "position" = ranked.position FROM (SELECT "id", row_number() OVER (ORDER BY "name") AS position FROM "categories") AS ranked WHERE ranked."id" = "categories"."id";
