CREATE TABLE "business_member_footprints" (
	"id" uuid PRIMARY KEY NOT NULL,
	"business_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" varchar(16) NOT NULL,
	"inputs" jsonb NOT NULL,
	"result" jsonb NOT NULL,
	"total_kg" double precision NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "business_members" (
	"id" uuid PRIMARY KEY NOT NULL,
	"business_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"role" varchar(16) NOT NULL,
	"status" varchar(16) DEFAULT 'active' NOT NULL,
	"title" varchar(80) DEFAULT '' NOT NULL,
	"department" varchar(80) DEFAULT '' NOT NULL,
	"carbon_total_kg" double precision,
	"carbon_saved_at" timestamp with time zone,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	"left_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "businesses" (
	"id" uuid PRIMARY KEY NOT NULL,
	"owner_user_id" uuid NOT NULL,
	"name" varchar(120) NOT NULL,
	"business_code" varchar(32) NOT NULL,
	"supplier_code" varchar(32) NOT NULL,
	"distributor_code" varchar(32) NOT NULL,
	"business_slug" varchar(80) NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"website" varchar(300) DEFAULT '' NOT NULL,
	"logo_url" varchar(500) DEFAULT '' NOT NULL,
	"address" jsonb,
	"country" varchar(2) DEFAULT '' NOT NULL,
	"industry" varchar(80) DEFAULT '' NOT NULL,
	"size" varchar(16) DEFAULT '' NOT NULL,
	"carbon_inputs" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "businesses_owner_user_id_unique" UNIQUE("owner_user_id"),
	CONSTRAINT "businesses_business_code_unique" UNIQUE("business_code"),
	CONSTRAINT "businesses_supplier_code_unique" UNIQUE("supplier_code"),
	CONSTRAINT "businesses_distributor_code_unique" UNIQUE("distributor_code"),
	CONSTRAINT "businesses_business_slug_unique" UNIQUE("business_slug")
);
--> statement-breakpoint
ALTER TABLE "business_member_footprints" ADD CONSTRAINT "business_member_footprints_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_member_footprints" ADD CONSTRAINT "business_member_footprints_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_members" ADD CONSTRAINT "business_members_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_members" ADD CONSTRAINT "business_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "businesses" ADD CONSTRAINT "businesses_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "business_member_footprints_user_idx" ON "business_member_footprints" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "business_member_footprints_business_idx" ON "business_member_footprints" USING btree ("business_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "business_members_one_active_per_user" ON "business_members" USING btree ("user_id") WHERE "business_members"."status" = 'active';--> statement-breakpoint
CREATE INDEX "business_members_business_idx" ON "business_members" USING btree ("business_id","status","joined_at");--> statement-breakpoint
CREATE INDEX "businesses_name_idx" ON "businesses" USING btree ("name");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_reviews" ADD CONSTRAINT "product_reviews_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;