-- Issue 28: an order writes about 26 index entries, and two of them were NULLs no look-up reads.
-- orders_business_idx held an entry for every order, most of which have no business, and
-- certificates_gift_token_unique one for every certificate, most of which are not gifts. Both
-- now hold only rows with a value. Every query on them compares with a value (business_id = ..,
-- gift_token_hash = ..), which implies IS NOT NULL, so they still use these indexes; the token's
-- uniqueness among gifts is unchanged.
--> statement-breakpoint
DROP INDEX "orders_business_idx";--> statement-breakpoint
DROP INDEX "certificates_gift_token_unique";--> statement-breakpoint
CREATE INDEX "orders_business_idx" ON "orders" USING btree ("business_id") WHERE "orders"."business_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "certificates_gift_token_unique" ON "certificates" USING btree ("gift_token_hash") WHERE "certificates"."gift_token_hash" is not null;