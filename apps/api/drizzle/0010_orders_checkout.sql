ALTER TABLE "product_sizes" ADD COLUMN "reserved" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "reserved" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "product_name" varchar(200) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "product_slug" varchar(160) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "product_kind" varchar(16) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "product_unit" varchar(32) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "product_images" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "color_name" varchar(60);--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "size_name" varchar(30);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "order_number" varchar(32);--> statement-breakpoint
-- Orders written before checkout existed get a number from their id, so the column can be NOT NULL.
UPDATE "orders" SET "order_number" = 'GM-' || to_char("created_at" AT TIME ZONE 'UTC', 'YYYYMMDD') || '-' || upper(substr(replace("id"::text, '-', ''), 25, 8)) WHERE "order_number" IS NULL;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "order_number" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "kind" varchar(16) DEFAULT 'personal' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "business_code" varchar(64);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "conferance_code" varchar(64);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "event_owner_order" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "business_event_user_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "coupon_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "coupon_code" varchar(40);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discount_unit" varchar(8);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "referrer_user_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "first_name" varchar(80) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "last_name" varchar(80) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "buyer_email" varchar(254) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "address" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "idempotency_key" varchar(128);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "request_hash" varchar(64);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_provider" varchar(16) DEFAULT 'test' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_reference" varchar(255);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "checkout_url" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "reserved_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_referrer_user_id_users_id_fk" FOREIGN KEY ("referrer_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_user_idempotency_key_unique" ON "orders" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "orders_pending_reserved_until_idx" ON "orders" USING btree ("reserved_until") WHERE "orders"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "orders_coupon_idx" ON "orders" USING btree ("coupon_id") WHERE "orders"."coupon_id" is not null;--> statement-breakpoint
CREATE INDEX "orders_user_paid_idx" ON "orders" USING btree ("user_id","paid_at") WHERE "orders"."status" = 'paid';--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_order_number_unique" UNIQUE("order_number");--> statement-breakpoint
ALTER TABLE "product_sizes" ADD CONSTRAINT "product_sizes_reserved_not_negative" CHECK ("product_sizes"."reserved" >= 0);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_reserved_not_negative" CHECK ("products"."reserved" >= 0);--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_quantity_positive" CHECK ("order_items"."quantity" > 0);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_totals_not_negative" CHECK ("orders"."sub_total_minor" >= 0 and "orders"."discount_minor" >= 0 and "orders"."total_minor" >= 0);