-- Issue 28 (decision 0068): the functions the API calls for carts and orders read and write rows
-- by key, and each statement's plan is made once per connection and kept (0040). A plan made
-- from statistics taken while a table was small (an ANALYZE after loading a catalog, when no one
-- has a cart yet) reads it by sequential scan, and keeps doing so as it grows and gathers dead
-- rows, until something makes PostgreSQL plan again: under the bench, every cart read, change and
-- order scanned all of carts and cart_items. With sequential scans priced out, these functions
-- (and the helpers they call) use the index every look-up here has; a statement with no index to
-- use still scans.
ALTER FUNCTION place_order(jsonb) SET enable_seqscan = off;
--> statement-breakpoint
ALTER FUNCTION order_placement_context(uuid, text, text) SET enable_seqscan = off;
--> statement-breakpoint
ALTER FUNCTION cart_apply(uuid, uuid, text, jsonb, jsonb, jsonb, text) SET enable_seqscan = off;
--> statement-breakpoint
ALTER FUNCTION cart_coupon_apply(uuid, uuid, text, jsonb, text, text, text, bigint, timestamptz) SET enable_seqscan = off;
--> statement-breakpoint
ALTER FUNCTION cart_coupon_unapply(uuid, uuid, text) SET enable_seqscan = off;
--> statement-breakpoint
ALTER FUNCTION cart_read(uuid) SET enable_seqscan = off;
--> statement-breakpoint
ALTER FUNCTION cart_lock_state(uuid, uuid, text) SET enable_seqscan = off;
