-- Issue 28: a transaction that sends NOTIFY holds one cluster-wide lock from just before its commit
-- until after it, through the commit's flush to disk. place_order notified twice (the carts
-- trigger, and the impact channel for the certificates), so every order's commit ran alone, and
-- cart changes queued behind it: under the order loop, samples of pg_stat_activity found the
-- API's backends waiting on that lock (Lock:object) 3.5 times as often as running.
--
-- Now place_order sets carbonwise.announce_after_commit for its own transaction, the carts trigger
-- stays silent when it is set, and the API announces both changes after the commit, coalesced,
-- in a transaction that does not wait for the disk (db/announce.ts). Every other writer of carts
-- still notifies from the trigger.
--> statement-breakpoint
CREATE OR REPLACE FUNCTION cart_changed_notify() RETURNS trigger LANGUAGE plpgsql AS $$
declare
  v_app text := current_setting('application_name', true);
begin
  if v_app like 'carbonwise-api:%' and current_setting('carbonwise.announce_after_commit', true) is distinct from 'on' then
    perform pg_notify('cart_changed', (case when tg_op = 'DELETE' then old.user_id else new.user_id end)::text || ' ' || v_app);
  end if;
  return null;
end
$$;
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
  v_target jsonb;
  v_changed record;
  v_available integer;
  v_sold boolean;
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
$function$;
