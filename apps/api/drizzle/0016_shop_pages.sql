CREATE TABLE "business_page_products" (
	"page_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "business_page_products_page_id_product_id_pk" PRIMARY KEY("page_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "business_product_pages" (
	"id" uuid PRIMARY KEY NOT NULL,
	"business_id" uuid NOT NULL,
	"title" varchar(120) NOT NULL,
	"tagline" varchar(200) DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"brand_color" varchar(7) DEFAULT '#1d4ed8' NOT NULL,
	"logo_url" varchar(500) DEFAULT '' NOT NULL,
	"banner_url" varchar(500) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "business_product_pages_business_id_unique" UNIQUE("business_id")
);
--> statement-breakpoint
CREATE TABLE "user_gallery_images" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"url" varchar(500) NOT NULL,
	"content_type" varchar(32) NOT NULL,
	"bytes" integer NOT NULL,
	"caption" varchar(200) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "business_page_products" ADD CONSTRAINT "business_page_products_page_id_business_product_pages_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."business_product_pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_page_products" ADD CONSTRAINT "business_page_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_product_pages" ADD CONSTRAINT "business_product_pages_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_gallery_images" ADD CONSTRAINT "user_gallery_images_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "business_page_products_product_idx" ON "business_page_products" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "user_gallery_images_user_idx" ON "user_gallery_images" USING btree ("user_id","created_at");