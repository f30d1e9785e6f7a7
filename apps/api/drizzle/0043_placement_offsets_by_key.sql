-- Issue 28 (decision 0068): the placement read's offset facts were read from every offset
-- project whose id was among the cart's lines, and the plan PostgreSQL kept walked the `kind`
-- index over all offset projects for each read (27 product rows for a cart of one offset line
-- in the seed's catalog; it grows with the catalog). It now starts from the cart's lines and
-- looks each product up by key. Same answer; the SET is repeated because CREATE OR REPLACE
-- drops it.
CREATE OR REPLACE FUNCTION order_placement_context(p_user_id uuid, p_idempotency_key text, p_event_code text) RETURNS jsonb LANGUAGE plpgsql STABLE
  SET plan_cache_mode = force_generic_plan AS $$
BEGIN
  RETURN (
  WITH cart AS (SELECT * FROM carts WHERE user_id = p_user_id)
  SELECT jsonb_build_object(
    'earlier', (SELECT to_jsonb(o) FROM orders o WHERE p_idempotency_key IS NOT NULL AND o.user_id = p_user_id AND o.idempotency_key = p_idempotency_key LIMIT 1),
    'cart', (SELECT to_jsonb(cart) FROM cart),
    'items', coalesce((SELECT jsonb_agg(to_jsonb(i) ORDER BY i.created_at, i.id) FROM cart_items i WHERE i.cart_id = (SELECT id FROM cart)), '[]'::jsonb),
    'coupon', (SELECT to_jsonb(c) FROM coupons c WHERE c.id = (SELECT coupon_id FROM cart)),
    'coupon_fingerprint', (SELECT coupon_fingerprint(cart.coupon_id) FROM cart WHERE cart.coupon_id IS NOT NULL),
    'coupon_redeemed', (SELECT count(*) FROM coupon_redemptions r WHERE r.coupon_id = (SELECT coupon_id FROM cart) AND r.user_id = p_user_id),
    'coupon_pending', (SELECT count(*) FROM orders o WHERE o.coupon_id = (SELECT coupon_id FROM cart) AND o.user_id = p_user_id AND o.status = 'pending'),
    'offsets', coalesce((
      SELECT jsonb_agg(jsonb_build_object(
        'product_id', p.id, 'project_name', p.name, 'product_slug', p.slug,
        'standard_name', (SELECT string_agg(s.name, ', ' ORDER BY s.name) FROM product_standards ps JOIN standards s ON s.id = ps.standard_id WHERE ps.product_id = p.id),
        'country', coalesce((SELECT co.entity FROM countries co WHERE co.code = p.country_code), p.country_code),
        'project_valid_until', p.project_validity_date, 'vintage', p.vintage))
      FROM (SELECT DISTINCT i.product_id FROM cart_items i WHERE i.cart_id = (SELECT id FROM cart)) l
      CROSS JOIN LATERAL (SELECT * FROM products p WHERE p.id = l.product_id AND p.kind = 'offset' LIMIT 1) p), '[]'::jsonb),
    'events', coalesce((SELECT jsonb_agg(jsonb_build_object('code', e.conferance_code, 'name', e.name)) FROM business_events e WHERE e.conferance_code IN (upper(p_event_code), upper((SELECT conferance_code FROM cart)))), '[]'::jsonb)));
END
$$;
