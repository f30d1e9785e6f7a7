-- Issue 28: a placed order is answered by its status alone. place_order returned the whole new
-- row (to_jsonb of its 36 columns), which the API parsed and mapped back; but that row is the
-- one the API sent in p->'order' (jsonb_populate_record fills no default of its own), so the
-- API answers from what it sent. Measured per order on one connection (docs/speed-writes.md).
-- The insert keeps no copy of the row either: the stock ledger takes the order's id from p.
-- A replayed order (an Idempotency-Key already used) is still answered with the first order's row.
--> statement-breakpoint
CREATE OR REPLACE FUNCTION place_order(p jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
 SET plan_cache_mode TO 'force_generic_plan'
 SET enable_seqscan TO 'off'
AS $function$
DECLARE
  v_user_id uuid := (p->>'user_id')::uuid;
  v_cart_id uuid := (p->>'cart_id')::uuid;
  v_coupon jsonb := nullif(p->'coupon', 'null'::jsonb);
  -- Values compared with indexed columns are plain variables: a kept plan uses an index only for
  -- a comparison with a value it can see as one, not with an expression over p.
  v_key text := p->>'idempotency_key';
  v_coupon_id uuid := (v_coupon->>'id')::uuid;
  v_order orders;
  v_order_id uuid := (p->'order'->>'id')::uuid;
  v_target jsonb;
  v_changed record;
  v_available integer;
  v_sold boolean;
  v_unpaid jsonb := nullif(p->'unpaid', 'null'::jsonb);
  v_client_key text := p->'order'->>'client_key';
  v_by_account integer;
  v_by_address integer;
  v_held jsonb;
BEGIN
  -- The API announces this order's cart and impact changes after the commit (migration 0050).
  PERFORM set_config('carbonwise.announce_after_commit', 'on', true);
  -- The buyer's placements run one after another from here.
  PERFORM 1 FROM carts WHERE id = v_cart_id AND user_id = v_user_id FOR UPDATE;
  IF NOT FOUND THEN RETURN jsonb_build_object('status', 'retry', 'reason', 'cart'); END IF;
  -- A retry that waited for the first request's cart lock finds its order here.
  IF v_key IS NOT NULL THEN
    SELECT * INTO v_order FROM orders WHERE user_id = v_user_id AND idempotency_key = v_key LIMIT 1;
    IF FOUND THEN RETURN jsonb_build_object('status', 'replayed', 'order', to_jsonb(v_order)); END IF;
  END IF;
  IF order_cart_seen(v_cart_id) IS DISTINCT FROM p->'cart_seen' THEN RETURN jsonb_build_object('status', 'retry', 'reason', 'cart'); END IF;
  -- Frozen prices are the prices table's, in the order's currency.
  -- (A sub-select per line, looked up by the prices table's key: as NOT EXISTS the kept plan
  -- scanned every price in the currency.)
  IF EXISTS (
    SELECT 1 FROM jsonb_array_elements(p->'items') AS line
    WHERE (SELECT pp.price_minor FROM product_prices pp WHERE pp.product_id = (line->>'product_id')::uuid AND pp.currency = p->'order'->>'currency')
      IS DISTINCT FROM (line->>'unit_price_minor')::integer
  ) THEN RETURN jsonb_build_object('status', 'retry', 'reason', 'price'); END IF;

  IF v_coupon IS NOT NULL THEN
    -- Locked: placements using one coupon count its uses one after another.
    PERFORM 1 FROM coupons WHERE id = v_coupon_id FOR UPDATE;
    IF coupon_fingerprint(v_coupon_id) IS DISTINCT FROM v_coupon->>'fingerprint'
      OR (SELECT count(*) FROM coupon_redemptions r WHERE r.coupon_id = v_coupon_id AND r.user_id = v_user_id) <> (v_coupon->>'redeemed')::integer
      OR (SELECT count(*) FROM orders o WHERE o.coupon_id = v_coupon_id AND o.user_id = v_user_id AND o.status = 'pending') <> (v_coupon->>'pending')::integer
    THEN RETURN jsonb_build_object('status', 'retry', 'reason', 'coupon'); END IF;
    IF (v_coupon->>'redeem')::boolean THEN
      -- Coupons count only paid orders: this one is paid, so its use is counted now, if one is left.
      UPDATE coupons SET used_count = used_count + 1 WHERE id = v_coupon_id AND (max_uses IS NULL OR used_count < max_uses);
      IF NOT FOUND THEN RETURN jsonb_build_object('status', 'retry', 'reason', 'coupon'); END IF;
    END IF;
  END IF;

  -- An order that waits for its payment must fit within what unpaid orders may hold (decision
  -- 0025), counted here under the cart's lock. Over a cap, nothing is written and the API says
  -- which cap from the holdings (assertWithinUnpaidLimits, the rule's one wording).
  IF v_unpaid IS NOT NULL THEN
    SELECT
      (SELECT count(*) FROM orders o WHERE o.user_id = v_user_id AND o.status = 'pending'),
      (SELECT count(*) FROM orders o WHERE o.client_key = v_client_key AND o.status = 'pending'),
      coalesce((SELECT jsonb_object_agg(held.product_id::text, held.units) FROM (
        SELECT i.product_id, sum(i.quantity) AS units
        FROM order_items i JOIN orders o ON o.id = i.order_id
        WHERE o.user_id = v_user_id AND o.status = 'pending'
          AND i.product_id IN (SELECT u.key::uuid FROM jsonb_each_text(v_unpaid->'units') AS u)
        GROUP BY i.product_id) AS held), '{}'::jsonb)
    INTO v_by_account, v_by_address, v_held;
    IF v_by_account >= (v_unpaid->>'per_account')::integer
      OR v_by_address >= (v_unpaid->>'per_address')::integer
      OR EXISTS (SELECT 1 FROM jsonb_each_text(v_unpaid->'units') AS u
                 WHERE coalesce((v_held->>u.key)::integer, 0) + u.value::integer > (v_unpaid->>'units_per_product')::integer)
    THEN
      RETURN jsonb_build_object('status', 'unpaid_limit', 'by_account', v_by_account, 'by_address', v_by_address, 'units', v_held);
    END IF;
  END IF;

  -- The order (its Idempotency-Key's unique index refuses a second one), its lines and timeline.
  INSERT INTO orders SELECT * FROM jsonb_populate_record(NULL::orders, p->'order');
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
  END IF;
  INSERT INTO outbox_emails SELECT r.* FROM jsonb_array_elements(p->'mails') AS e, jsonb_populate_record(NULL::outbox_emails, e) AS r;

  -- Stock last, rows in id order: these row locks are what every buyer of a product queues on.
  FOR v_target IN SELECT value FROM jsonb_array_elements(p->'stock') LOOP
    IF v_target->>'mode' = 'reserve' THEN
      -- An order that waits for its payment holds the units until it is paid or lapses (no ledger
      -- row: the sale writes it when the payment comes).
      IF v_target->>'table' = 'size' THEN
        UPDATE product_sizes s SET reserved = s.reserved + (v_target->>'quantity')::integer
          WHERE s.id = (v_target->>'id')::uuid AND s.stock - s.reserved >= (v_target->>'quantity')::integer;
        v_sold := FOUND;
        IF NOT v_sold THEN SELECT greatest(stock - reserved, 0) INTO v_available FROM product_sizes WHERE id = (v_target->>'id')::uuid; END IF;
      ELSE
        UPDATE products pr SET reserved = pr.reserved + (v_target->>'quantity')::integer
          WHERE pr.id = (v_target->>'id')::uuid AND pr.stock - pr.reserved >= (v_target->>'quantity')::integer;
        v_sold := FOUND;
        IF NOT v_sold THEN SELECT greatest(stock - reserved, 0) INTO v_available FROM products WHERE id = (v_target->>'id')::uuid; END IF;
      END IF;
    ELSIF v_target->>'table' = 'size' THEN
      UPDATE product_sizes s SET stock = s.stock - (v_target->>'quantity')::integer
        WHERE s.id = (v_target->>'id')::uuid AND s.stock - s.reserved >= (v_target->>'quantity')::integer
        RETURNING s.id, s.stock, s.color_id, s.name INTO v_changed;
      v_sold := FOUND;
      IF v_sold THEN
        INSERT INTO stock_ledger (id, reason, note, actor_user_id, actor_email, order_id, product_id, size_id, label, delta, resulting_stock)
          SELECT (v_target->>'ledger_id')::uuid, 'sale', NULL, NULL, NULL, v_order_id, c.product_id, v_changed.id, left(c.name || ' / ' || v_changed.name, 100), -(v_target->>'quantity')::integer, v_changed.stock
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
          VALUES ((v_target->>'ledger_id')::uuid, 'sale', NULL, NULL, NULL, v_order_id, v_changed.id, NULL, 'Stock', -(v_target->>'quantity')::integer, v_changed.stock);
      ELSE
        SELECT greatest(stock - reserved, 0) INTO v_available FROM products WHERE id = (v_target->>'id')::uuid;
      END IF;
    END IF;
    IF NOT v_sold THEN
      RAISE EXCEPTION 'place_order:out_of_stock' USING DETAIL = json_build_object('table', v_target->>'table', 'id', v_target->>'id', 'available', coalesce(v_available, 0))::text;
    END IF;
  END LOOP;

  RETURN jsonb_build_object('status', 'placed');
END
$function$;
