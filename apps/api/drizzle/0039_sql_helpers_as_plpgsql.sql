-- Issue 28: the cart's helper functions were LANGUAGE sql with sub-selects, which PostgreSQL
-- cannot inline into the plpgsql that calls them; before PostgreSQL 18 it then parses and plans
-- their whole body on every call (a SQL function's plan lives only as long as the calling
-- expression, which plpgsql builds anew each transaction). A profile of 50 people changing
-- their carts showed a third of the database's CPU in that work (fmgr_sql: parser and planner).
-- As plpgsql, the query's plan is kept per connection, as 0037 did for the read functions. Same
-- queries, same answers; STABLE as before, so they still read with the caller's snapshot.
CREATE OR REPLACE FUNCTION cart_fingerprint(p_cart carts) RETURNS jsonb LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN jsonb_build_object(
    'currency', p_cart.currency,
    'mergeId', p_cart.last_merge_id,
    'lines', coalesce((select jsonb_object_agg(i.id::text, i.quantity) from cart_items i where i.cart_id = p_cart.id), '{}'::jsonb));
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION cart_state(p_cart carts) RETURNS jsonb LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN jsonb_build_object(
    'cart', to_jsonb(p_cart),
    'items', coalesce((select jsonb_agg(to_jsonb(i) order by i.created_at, i.id) from cart_items i where i.cart_id = p_cart.id), '[]'::jsonb),
    'coupon', (select to_jsonb(c) from coupons c where c.id = p_cart.coupon_id),
    'uses', (select count(*) from coupon_redemptions r where r.coupon_id = p_cart.coupon_id and r.user_id = p_cart.user_id));
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION coupon_fingerprint(p_coupon_id uuid) RETURNS text LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN md5(coalesce((SELECT (to_jsonb(c) - 'used_count' - 'updated_at')::text FROM coupons c WHERE c.id = p_coupon_id), ''));
END
$$;
