-- Issue 28: an order placed from the cart this API process last saw needs no read first.
-- place_order checked the cart against an md5 of its row and lines, which only a read could give
-- the API. It now checks them against the cart as the API saw it — the row (less updated_at) and
-- the lines, as to_jsonb writes them, compared as jsonb — which the API has from that read or
-- from the answer of the person's last cart change (kept in its cart cache). A cart changed
-- meanwhile, by anyone, through any path, still answers 'retry', and the API reads and decides
-- again. The placement read no longer computes the md5.

-- The cart as place_order compares it: its row less updated_at, and its lines in cart order.
CREATE OR REPLACE FUNCTION order_cart_seen(p_cart_id uuid) RETURNS jsonb LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN jsonb_build_object(
    'cart', (SELECT to_jsonb(c) - 'updated_at' FROM carts c WHERE c.id = p_cart_id),
    'items', coalesce((SELECT jsonb_agg(to_jsonb(i) ORDER BY i.created_at, i.id) FROM cart_items i WHERE i.cart_id = p_cart_id), '[]'::jsonb));
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION order_placement_context(p_user_id uuid, p_idempotency_key text, p_event_code text) RETURNS jsonb LANGUAGE plpgsql STABLE AS $$
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
      FROM products p WHERE p.kind = 'offset' AND p.id IN (SELECT i.product_id FROM cart_items i WHERE i.cart_id = (SELECT id FROM cart))), '[]'::jsonb),
    'events', coalesce((SELECT jsonb_agg(jsonb_build_object('code', e.conferance_code, 'name', e.name)) FROM business_events e WHERE e.conferance_code IN (upper(p_event_code), upper((SELECT conferance_code FROM cart)))), '[]'::jsonb)));
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION place_order(p jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_user_id uuid := (p->>'user_id')::uuid;
  v_cart_id uuid := (p->>'cart_id')::uuid;
  v_coupon jsonb := nullif(p->'coupon', 'null'::jsonb);
  v_order orders;
  v_target jsonb;
  v_changed record;
  v_available integer;
  v_sold boolean;
BEGIN
  -- The buyer's placements run one after another from here.
  PERFORM 1 FROM carts WHERE id = v_cart_id AND user_id = v_user_id FOR UPDATE;
  IF NOT FOUND THEN RETURN jsonb_build_object('status', 'retry', 'reason', 'cart'); END IF;
  -- A retry that waited for the first request's cart lock finds its order here.
  IF p->>'idempotency_key' IS NOT NULL THEN
    SELECT * INTO v_order FROM orders WHERE user_id = v_user_id AND idempotency_key = p->>'idempotency_key' LIMIT 1;
    IF FOUND THEN RETURN jsonb_build_object('status', 'replayed', 'order', to_jsonb(v_order)); END IF;
  END IF;
  IF order_cart_seen(v_cart_id) IS DISTINCT FROM p->'cart_seen' THEN RETURN jsonb_build_object('status', 'retry', 'reason', 'cart'); END IF;
  -- Frozen prices are the prices table's, in the order's currency.
  IF EXISTS (
    SELECT 1 FROM jsonb_array_elements(p->'items') AS line
    WHERE NOT EXISTS (SELECT 1 FROM product_prices pp WHERE pp.product_id = (line->>'product_id')::uuid AND pp.currency = p->'order'->>'currency' AND pp.price_minor = (line->>'unit_price_minor')::integer)
  ) THEN RETURN jsonb_build_object('status', 'retry', 'reason', 'price'); END IF;

  IF v_coupon IS NOT NULL THEN
    -- Locked: placements using one coupon count its uses one after another.
    PERFORM 1 FROM coupons WHERE id = (v_coupon->>'id')::uuid FOR UPDATE;
    IF coupon_fingerprint((v_coupon->>'id')::uuid) IS DISTINCT FROM v_coupon->>'fingerprint'
      OR (SELECT count(*) FROM coupon_redemptions r WHERE r.coupon_id = (v_coupon->>'id')::uuid AND r.user_id = v_user_id) <> (v_coupon->>'redeemed')::integer
      OR (SELECT count(*) FROM orders o WHERE o.coupon_id = (v_coupon->>'id')::uuid AND o.user_id = v_user_id AND o.status = 'pending') <> (v_coupon->>'pending')::integer
    THEN RETURN jsonb_build_object('status', 'retry', 'reason', 'coupon'); END IF;
    IF (v_coupon->>'redeem')::boolean THEN
      -- Coupons count only paid orders: this one is paid, so its use is counted now, if one is left.
      UPDATE coupons SET used_count = used_count + 1 WHERE id = (v_coupon->>'id')::uuid AND (max_uses IS NULL OR used_count < max_uses);
      IF NOT FOUND THEN RETURN jsonb_build_object('status', 'retry', 'reason', 'coupon'); END IF;
    END IF;
  END IF;

  -- The order (its Idempotency-Key's unique index refuses a second one), its lines and timeline.
  INSERT INTO orders SELECT * FROM jsonb_populate_record(NULL::orders, p->'order') RETURNING * INTO v_order;
  INSERT INTO order_items SELECT r.* FROM jsonb_array_elements(p->'items') AS e, jsonb_populate_record(NULL::order_items, e) AS r;
  INSERT INTO order_events SELECT r.* FROM jsonb_array_elements(p->'events') AS e, jsonb_populate_record(NULL::order_events, e) AS r;
  DELETE FROM cart_items WHERE cart_id = v_cart_id;
  UPDATE carts SET coupon_id = NULL, coupon_type = NULL, conferance_code = NULL, event_owner_order = false, business_event_user_id = NULL, business_id = NULL, business_code = NULL, updated_at = now() WHERE id = v_cart_id;
  IF v_coupon IS NOT NULL AND (v_coupon->>'redeem')::boolean THEN
    INSERT INTO coupon_redemptions SELECT r.* FROM jsonb_populate_record(NULL::coupon_redemptions, v_coupon->'redemption') AS r;
  END IF;
  IF p->'referral' IS NOT NULL AND jsonb_typeof(p->'referral') = 'object' THEN
    INSERT INTO referral_earnings SELECT r.* FROM jsonb_populate_record(NULL::referral_earnings, p->'referral') AS r
      ON CONFLICT (order_id) WHERE refund_id IS NULL DO NOTHING;
  END IF;
  IF jsonb_array_length(p->'certificates') > 0 THEN
    INSERT INTO certificates SELECT r.* FROM jsonb_array_elements(p->'certificates') AS e, jsonb_populate_record(NULL::certificates, e) AS r;
    -- Badges and public impact pages drop this buyer's (or business's) total when this commits.
    PERFORM pg_notify(p->>'impact_channel', json_build_object(
      'users', json_build_array(v_order.user_id),
      'businesses', CASE WHEN v_order.business_id IS NULL THEN '[]'::json ELSE json_build_array(v_order.business_id) END)::text);
  END IF;
  INSERT INTO outbox_emails SELECT r.* FROM jsonb_array_elements(p->'mails') AS e, jsonb_populate_record(NULL::outbox_emails, e) AS r;

  -- Stock last, rows in id order: these row locks are what every buyer of a product queues on.
  FOR v_target IN SELECT value FROM jsonb_array_elements(p->'stock') LOOP
    IF v_target->>'table' = 'size' THEN
      UPDATE product_sizes s SET stock = s.stock - (v_target->>'quantity')::integer
        WHERE s.id = (v_target->>'id')::uuid AND s.stock - s.reserved >= (v_target->>'quantity')::integer
        RETURNING s.id, s.stock, s.color_id, s.name INTO v_changed;
      v_sold := FOUND;
      IF v_sold THEN
        INSERT INTO stock_ledger (id, reason, note, actor_user_id, actor_email, order_id, product_id, size_id, label, delta, resulting_stock)
          SELECT (v_target->>'ledger_id')::uuid, 'sale', NULL, NULL, NULL, v_order.id, c.product_id, v_changed.id, left(c.name || ' / ' || v_changed.name, 100), -(v_target->>'quantity')::integer, v_changed.stock
          FROM product_colors c WHERE c.id = v_changed.color_id;
      ELSE
        SELECT greatest(stock - reserved, 0) INTO v_available FROM product_sizes WHERE id = (v_target->>'id')::uuid;
      END IF;
    ELSE
      UPDATE products pr SET stock = pr.stock - (v_target->>'quantity')::integer
        WHERE pr.id = (v_target->>'id')::uuid AND pr.stock - pr.reserved >= (v_target->>'quantity')::integer
        RETURNING pr.id, pr.stock INTO v_changed;
      v_sold := FOUND;
      IF v_sold THEN
        INSERT INTO stock_ledger (id, reason, note, actor_user_id, actor_email, order_id, product_id, size_id, label, delta, resulting_stock)
          VALUES ((v_target->>'ledger_id')::uuid, 'sale', NULL, NULL, NULL, v_order.id, v_changed.id, NULL, 'Stock', -(v_target->>'quantity')::integer, v_changed.stock);
      ELSE
        SELECT greatest(stock - reserved, 0) INTO v_available FROM products WHERE id = (v_target->>'id')::uuid;
      END IF;
    END IF;
    IF NOT v_sold THEN
      RAISE EXCEPTION 'place_order:out_of_stock' USING DETAIL = json_build_object('table', v_target->>'table', 'id', v_target->>'id', 'available', coalesce(v_available, 0))::text;
    END IF;
  END LOOP;

  RETURN jsonb_build_object('status', 'placed', 'order', to_jsonb(v_order));
END
$$;
--> statement-breakpoint
DROP FUNCTION IF EXISTS order_cart_fingerprint(uuid);
