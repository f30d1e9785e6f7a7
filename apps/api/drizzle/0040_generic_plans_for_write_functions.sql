-- Issue 28: the statements inside the cart and order functions are point reads and writes by
-- key, whose plan does not depend on the values. plpgsql still plans them again for their
-- values (a "custom plan") whenever the generic plan's estimate looks costlier, which
-- PostgreSQL's estimates for jsonb_to_recordset and sub-selects often do: a profile of the
-- order loop showed about 8% of the database's CPU in the planner. Each function that the API
-- calls uses the plan it keeps; functions they call run under the same setting. Measured with
-- the setting for the whole server first (50 buyers, cart change + order, two runs alternating):
-- database CPU per loop 2.03 / 2.01 ms -> 1.87 / 1.74 ms.
ALTER FUNCTION place_order(jsonb) SET plan_cache_mode = force_generic_plan;
--> statement-breakpoint
ALTER FUNCTION order_placement_context(uuid, text, text) SET plan_cache_mode = force_generic_plan;
--> statement-breakpoint
ALTER FUNCTION cart_apply(uuid, uuid, text, jsonb, jsonb, jsonb, text) SET plan_cache_mode = force_generic_plan;
--> statement-breakpoint
ALTER FUNCTION cart_coupon_apply(uuid, uuid, text, jsonb, text, text, text, bigint, timestamptz) SET plan_cache_mode = force_generic_plan;
--> statement-breakpoint
ALTER FUNCTION cart_coupon_unapply(uuid, uuid, text) SET plan_cache_mode = force_generic_plan;
--> statement-breakpoint
ALTER FUNCTION cart_read(uuid) SET plan_cache_mode = force_generic_plan;
--> statement-breakpoint
ALTER FUNCTION cart_lock_state(uuid, uuid, text) SET plan_cache_mode = force_generic_plan;
