CREATE TABLE "business_event_attendees" (
	"id" uuid PRIMARY KEY NOT NULL,
	"event_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "business_event_footprints" (
	"id" uuid PRIMARY KEY NOT NULL,
	"event_id" uuid NOT NULL,
	"email" varchar(254) NOT NULL,
	"name" varchar(120) DEFAULT '' NOT NULL,
	"user_id" uuid,
	"inputs" jsonb NOT NULL,
	"notes" jsonb NOT NULL,
	"factor_set_year" integer NOT NULL,
	"total_kg" double precision NOT NULL,
	"travel_kg" double precision NOT NULL,
	"accommodation_kg" double precision NOT NULL,
	"catering_kg" double precision NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "business_events" (
	"id" uuid PRIMARY KEY NOT NULL,
	"business_id" uuid NOT NULL,
	"conferance_code" varchar(40) NOT NULL,
	"name" varchar(120) NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"start_date" varchar(10) NOT NULL,
	"end_date" varchar(10) NOT NULL,
	"location" varchar(200) DEFAULT '' NOT NULL,
	"country" varchar(2) DEFAULT '' NOT NULL,
	"expected_attendees" integer,
	"image_url" varchar(200) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "business_events_conferance_code_unique" UNIQUE("conferance_code")
);
--> statement-breakpoint
ALTER TABLE "business_event_attendees" ADD CONSTRAINT "business_event_attendees_event_id_business_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."business_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_event_attendees" ADD CONSTRAINT "business_event_attendees_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_event_footprints" ADD CONSTRAINT "business_event_footprints_event_id_business_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."business_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_event_footprints" ADD CONSTRAINT "business_event_footprints_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_events" ADD CONSTRAINT "business_events_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "business_event_attendees_event_user" ON "business_event_attendees" USING btree ("event_id","user_id");--> statement-breakpoint
CREATE INDEX "business_event_attendees_user_idx" ON "business_event_attendees" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "business_event_footprints_event_email" ON "business_event_footprints" USING btree ("event_id","email");--> statement-breakpoint
CREATE INDEX "business_event_footprints_user_idx" ON "business_event_footprints" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "business_events_business_idx" ON "business_events" USING btree ("business_id","start_date");