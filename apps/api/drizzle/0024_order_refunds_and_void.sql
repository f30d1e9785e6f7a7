ALTER TABLE "certificates" DROP CONSTRAINT "certificates_order_item_id_unique";--> statement-breakpoint
DROP INDEX "referral_earnings_order_unique";--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "status" SET DATA TYPE varchar(24);--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "status" SET DEFAULT 'pending';--> statement-breakpoint
ALTER TABLE "referral_earnings" ADD COLUMN "refund_id" uuid;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "refunded_quantity" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "voided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "void_reason" text;--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "replaced_by_serial" varchar(24);--> statement-breakpoint
ALTER TABLE "order_refunds" ADD COLUMN "reason_text" text;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD COLUMN "scope" jsonb;--> statement-breakpoint
CREATE UNIQUE INDEX "referral_earnings_refund_unique" ON "referral_earnings" USING btree ("refund_id");--> statement-breakpoint
CREATE UNIQUE INDEX "certificates_valid_line_unique" ON "certificates" USING btree ("order_item_id") WHERE "certificates"."status" = 'valid';--> statement-breakpoint
CREATE INDEX "certificates_line_idx" ON "certificates" USING btree ("order_item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "referral_earnings_order_unique" ON "referral_earnings" USING btree ("order_id") WHERE "referral_earnings"."refund_id" is null;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_refunded_within_quantity" CHECK ("order_items"."refunded_quantity" >= 0 and "order_items"."refunded_quantity" <= "order_items"."quantity");