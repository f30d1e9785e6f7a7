ALTER TABLE "order_items" ADD COLUMN "gift_name" varchar(100);--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "gift_email" varchar(254);--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "gift_message" varchar(500);--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "gift_deliver_on" date;--> statement-breakpoint
ALTER TABLE "cart_items" ADD COLUMN "gift_name" varchar(100);--> statement-breakpoint
ALTER TABLE "cart_items" ADD COLUMN "gift_email" varchar(254);--> statement-breakpoint
ALTER TABLE "cart_items" ADD COLUMN "gift_message" varchar(500);--> statement-breakpoint
ALTER TABLE "cart_items" ADD COLUMN "gift_deliver_on" date;--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "gift_name" varchar(100);--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "gift_email" varchar(254);--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "gift_message" varchar(500);--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "gift_deliver_on" date;--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "gift_token_hash" varchar(64);--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "gift_mail_id" uuid;--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "gift_claimed_by" uuid;--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "gift_claimed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_gift_claimed_by_users_id_fk" FOREIGN KEY ("gift_claimed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "certificates_gift_token_unique" ON "certificates" USING btree ("gift_token_hash");--> statement-breakpoint
CREATE INDEX "certificates_gift_claimed_by_idx" ON "certificates" USING btree ("gift_claimed_by") WHERE "certificates"."gift_claimed_by" is not null;