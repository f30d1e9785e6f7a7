CREATE TABLE "business_event_footprint_claims" (
	"id" uuid PRIMARY KEY NOT NULL,
	"event_id" uuid NOT NULL,
	"email" varchar(254) NOT NULL,
	"name" varchar(120) DEFAULT '' NOT NULL,
	"inputs" jsonb NOT NULL,
	"notes" jsonb NOT NULL,
	"factor_set_year" integer NOT NULL,
	"total_kg" double precision NOT NULL,
	"travel_kg" double precision NOT NULL,
	"accommodation_kg" double precision NOT NULL,
	"catering_kg" double precision NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "business_event_footprint_claims_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "uploads" (
	"name" varchar(64) PRIMARY KEY NOT NULL,
	"owner_user_id" uuid,
	"bytes" integer NOT NULL,
	"content_type" varchar(32) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "user_chains_pair_relationship_unique";--> statement-breakpoint
ALTER TABLE "user_chains" ALTER COLUMN "parent_user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "user_chains" ALTER COLUMN "child_user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "business_members" ADD COLUMN "joined_with_code" varchar(32);--> statement-breakpoint
ALTER TABLE "business_members" ADD COLUMN "readmitted_at" timestamp with time zone;--> statement-breakpoint
-- Hand-written (issue 23 item 1, decision 0022): existing businesses keep the employee code they
-- handed out (their public business code) as the employee join code, so links already sent keep
-- working until the owner regenerates it; new businesses get a separate secret code.
ALTER TABLE "businesses" ADD COLUMN "employee_join_code" varchar(32);--> statement-breakpoint
UPDATE "businesses" SET "employee_join_code" = "business_code" WHERE "employee_join_code" IS NULL;--> statement-breakpoint
ALTER TABLE "businesses" ALTER COLUMN "employee_join_code" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "user_chains" ADD COLUMN "invitee_email" varchar(254);--> statement-breakpoint
ALTER TABLE "business_event_footprint_claims" ADD CONSTRAINT "business_event_footprint_claims_event_id_business_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."business_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "business_event_footprint_claims_event_email" ON "business_event_footprint_claims" USING btree ("event_id","email");--> statement-breakpoint
CREATE INDEX "business_event_footprint_claims_expires_idx" ON "business_event_footprint_claims" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "uploads_owner_idx" ON "uploads" USING btree ("owner_user_id");--> statement-breakpoint
CREATE INDEX "uploads_created_idx" ON "uploads" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "business_members_user_business_idx" ON "business_members" USING btree ("user_id","business_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_chains_unclaimed_unique" ON "user_chains" USING btree (coalesce("parent_user_id", "child_user_id"),"invitee_email","relationship") WHERE "user_chains"."parent_user_id" is null or "user_chains"."child_user_id" is null;--> statement-breakpoint
CREATE INDEX "user_chains_invitee_email_idx" ON "user_chains" USING btree ("invitee_email") WHERE "user_chains"."parent_user_id" is null or "user_chains"."child_user_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "user_chains_pair_relationship_unique" ON "user_chains" USING btree (least("parent_user_id", "child_user_id"),greatest("parent_user_id", "child_user_id"),"relationship") WHERE "user_chains"."parent_user_id" is not null and "user_chains"."child_user_id" is not null;--> statement-breakpoint
ALTER TABLE "businesses" ADD CONSTRAINT "businesses_employee_join_code_unique" UNIQUE("employee_join_code");--> statement-breakpoint
ALTER TABLE "user_chains" ADD CONSTRAINT "user_chains_unclaimed_has_email" CHECK (("user_chains"."parent_user_id" is not null and "user_chains"."child_user_id" is not null) or ("user_chains"."invitee_email" is not null and "user_chains"."acceptance_status" = 'pending' and ("user_chains"."parent_user_id" is not null or "user_chains"."child_user_id" is not null)));