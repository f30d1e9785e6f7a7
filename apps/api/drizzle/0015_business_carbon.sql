CREATE TABLE "business_carbon_saves" (
	"id" uuid PRIMARY KEY NOT NULL,
	"business_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"source_key" varchar(80) NOT NULL,
	"footprint_id" uuid,
	"member_footprint_id" uuid NOT NULL,
	"saved_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "business_sustainability_profiles" (
	"business_id" uuid PRIMARY KEY NOT NULL,
	"image" varchar(120) DEFAULT '' NOT NULL,
	"image_url" varchar(500) DEFAULT '' NOT NULL,
	"title" varchar(120) DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"about_us" text DEFAULT '' NOT NULL,
	"country" varchar(2) DEFAULT '' NOT NULL,
	"name" varchar(120) DEFAULT '' NOT NULL,
	"phone" varchar(32) DEFAULT '' NOT NULL,
	"email" varchar(254) DEFAULT '' NOT NULL,
	"twitter" varchar(300) DEFAULT '' NOT NULL,
	"linkedin" varchar(300) DEFAULT '' NOT NULL,
	"instagram" varchar(300) DEFAULT '' NOT NULL,
	"facebook" varchar(300) DEFAULT '' NOT NULL,
	"show_name" boolean DEFAULT false NOT NULL,
	"show_phone" boolean DEFAULT false NOT NULL,
	"show_email" boolean DEFAULT false NOT NULL,
	"show_twitter" boolean DEFAULT false NOT NULL,
	"show_linkedin" boolean DEFAULT false NOT NULL,
	"show_instagram" boolean DEFAULT false NOT NULL,
	"show_facebook" boolean DEFAULT false NOT NULL,
	"theme_selected" varchar(16) DEFAULT 'blue' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "business_carbon_saves" ADD CONSTRAINT "business_carbon_saves_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_carbon_saves" ADD CONSTRAINT "business_carbon_saves_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_carbon_saves" ADD CONSTRAINT "business_carbon_saves_footprint_id_carbon_footprints_id_fk" FOREIGN KEY ("footprint_id") REFERENCES "public"."carbon_footprints"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_carbon_saves" ADD CONSTRAINT "business_carbon_saves_member_footprint_id_business_member_footprints_id_fk" FOREIGN KEY ("member_footprint_id") REFERENCES "public"."business_member_footprints"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_sustainability_profiles" ADD CONSTRAINT "business_sustainability_profiles_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "business_carbon_saves_source_unique" ON "business_carbon_saves" USING btree ("business_id","user_id","source_key");--> statement-breakpoint
CREATE INDEX "business_carbon_saves_current_idx" ON "business_carbon_saves" USING btree ("business_id","user_id","saved_at");