CREATE TABLE "carbon_footprints" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" varchar(16) NOT NULL,
	"inputs" jsonb NOT NULL,
	"result" jsonb NOT NULL,
	"total" double precision NOT NULL,
	"factor_set_year" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sustainability_profiles" (
	"user_id" uuid PRIMARY KEY NOT NULL,
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
ALTER TABLE "carbon_footprints" ADD CONSTRAINT "carbon_footprints_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sustainability_profiles" ADD CONSTRAINT "sustainability_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "carbon_footprints_user_created_idx" ON "carbon_footprints" USING btree ("user_id","created_at");