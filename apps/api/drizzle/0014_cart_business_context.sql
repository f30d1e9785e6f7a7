ALTER TABLE "carts" ADD COLUMN "business_id" uuid;--> statement-breakpoint
ALTER TABLE "carts" ADD COLUMN "business_code" varchar(32);--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE set null ON UPDATE no action;