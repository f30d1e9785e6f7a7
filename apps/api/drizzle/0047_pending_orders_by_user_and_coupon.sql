-- Issue 28: place_order counts the buyer's unpaid orders with the coupon being redeemed. Its plan
-- is made once per connection and kept (migration 0040); made while no order was unpaid, it
-- walked the whole index of unpaid orders by client address and read every other buyer's unpaid
-- order. With the coupon's id as a second key, the unpaid-orders-per-account index answers that
-- count by key whatever the plan was made from, and still serves the per-account cap (decision 0025).
DROP INDEX "orders_pending_user_idx";--> statement-breakpoint
CREATE INDEX "orders_pending_user_idx" ON "orders" USING btree ("user_id","coupon_id") WHERE "orders"."status" = 'pending';
