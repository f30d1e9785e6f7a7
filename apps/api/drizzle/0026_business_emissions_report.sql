CREATE TABLE "business_carbon_year_inputs" (
	"business_id" uuid NOT NULL,
	"year" integer NOT NULL,
	"inputs" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "business_carbon_year_inputs_business_id_year_pk" PRIMARY KEY("business_id","year")
);
--> statement-breakpoint
CREATE TABLE "business_report_sharing" (
	"business_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"shared_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "business_report_sharing_business_id_user_id_pk" PRIMARY KEY("business_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "business_members" ADD COLUMN "report_access" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "business_carbon_year_inputs" ADD CONSTRAINT "business_carbon_year_inputs_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_report_sharing" ADD CONSTRAINT "business_report_sharing_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_report_sharing" ADD CONSTRAINT "business_report_sharing_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;