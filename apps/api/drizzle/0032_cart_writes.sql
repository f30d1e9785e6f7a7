-- Issue 28 / decision 0059: a cart change, a coupon apply and a coupon unapply are one database
-- round trip each. The API plans the change in JavaScript from the person's cached cart (the
-- rules and their messages stay in cart.changes.ts) and sends the plan with the state it was
-- planned from; the function locks the cart, and applies the plan only when the cart still
-- holds that state ("stale" otherwise, with the cart as it is, and the API plans again). Every
-- answer carries the cart as the API prices it (cart_state), so no read follows the write.

-- What a plan depends on: the cart's currency, its last merged guest cart and its lines with
-- their quantities (an object keyed by line id, so its order does not matter).
CREATE FUNCTION cart_fingerprint(p_cart carts) RETURNS jsonb LANGUAGE sql STABLE AS $$
  select jsonb_build_object(
    'currency', p_cart.currency,
    'mergeId', p_cart.last_merge_id,
    'lines', coalesce((select jsonb_object_agg(i.id::text, i.quantity) from cart_items i where i.cart_id = p_cart.id), '{}'::jsonb))
$$;
--> statement-breakpoint
-- The cart as the API prices it: its row, its lines in the order they were added, its coupon and
-- how many paid orders of this person used that coupon (its per-person limit).
CREATE FUNCTION cart_state(p_cart carts) RETURNS jsonb LANGUAGE sql STABLE AS $$
  select jsonb_build_object(
    'cart', to_jsonb(p_cart),
    'items', coalesce((select jsonb_agg(to_jsonb(i) order by i.created_at, i.id) from cart_items i where i.cart_id = p_cart.id), '[]'::jsonb),
    'coupon', (select to_jsonb(c) from coupons c where c.id = p_cart.coupon_id),
    'uses', (select count(*) from coupon_redemptions r where r.coupon_id = p_cart.coupon_id and r.user_id = p_cart.user_id))
$$;
--> statement-breakpoint
-- The person's cart state, or null when they have no cart yet: the cart read's one query.
CREATE FUNCTION cart_read(p_user uuid) RETURNS jsonb LANGUAGE sql STABLE AS $$
  select cart_state(c) from carts c where c.user_id = p_user
$$;
--> statement-breakpoint
-- The person's cart, created if missing, locked until the transaction ends (as lockForUser).
CREATE FUNCTION cart_lock(p_user uuid, p_new_id uuid, p_currency text) RETURNS carts LANGUAGE plpgsql AS $$
declare
  c carts;
begin
  select * into c from carts where user_id = p_user for update;
  if not found then
    insert into carts (id, user_id, currency) values (p_new_id, p_user, p_currency) on conflict (user_id) do nothing;
    select * into c from carts where user_id = p_user for update;
  end if;
  return c;
end
$$;
--> statement-breakpoint
-- The cart, locked, as it is once the lock is held. Two statements on purpose: under READ
-- COMMITTED one statement keeps the snapshot taken before it waited for the lock, so it would
-- read the lines as they were before the change it waited for.
CREATE FUNCTION cart_lock_state(p_user uuid, p_new_id uuid, p_currency text) RETURNS jsonb LANGUAGE plpgsql AS $$
declare
  c carts;
begin
  c := cart_lock(p_user, p_new_id, p_currency);
  return cart_state(c);
end
$$;
--> statement-breakpoint
-- PATCH /v1/carts. p_lines: the plan's lines ({id | null, new_id, product_id, color_id, size_id,
-- quantity, before}); p_patch: the cart columns to set (only the keys present are set). Answers
-- {status: 'ok' | 'stale' | 'short' | 'no_event', state, stock?}. 'short': a raised line needs more
-- units than are sellable now; nothing was written, and `stock` holds the sellable units of every
-- raised line so the API refuses (or, merging, cuts) with its own messages and sends a new plan.
CREATE FUNCTION cart_apply(p_user uuid, p_new_id uuid, p_currency text, p_expected jsonb, p_lines jsonb, p_patch jsonb, p_event_code text) RETURNS jsonb LANGUAGE plpgsql AS $$
declare
  c carts;
  v_event text;
  v_short boolean;
  v_stock jsonb;
begin
  if p_event_code is not null then
    select conferance_code into v_event from business_events where conferance_code = upper(trim(p_event_code)) limit 1;
    if v_event is null then return jsonb_build_object('status', 'no_event'); end if;
  end if;
  c := cart_lock(p_user, p_new_id, p_currency);
  if p_expected is null or cart_fingerprint(c) <> p_expected then
    return jsonb_build_object('status', 'stale', 'state', cart_state(c));
  end if;

  -- Units sellable now (stock less reserved, never below 0) for every line this plan raises.
  with raised as (
    select * from jsonb_to_recordset(p_lines) as l(id uuid, product_id uuid, color_id uuid, size_id uuid, quantity int, before int)
    where l.quantity > l.before
  ), levels as (
    select r.quantity, r.size_id, r.product_id, r.color_id,
           p.id as p_id, greatest(p.stock - p.reserved, 0) as p_stock,
           s.id as s_id, pc.product_id as s_product, s.color_id as s_color, greatest(s.stock - s.reserved, 0) as s_stock
    from raised r
    left join products p on r.size_id is null and p.id = r.product_id
    left join product_sizes s on s.id = r.size_id
    left join product_colors pc on pc.id = s.color_id
  )
  select
    bool_or(case when size_id is null then quantity > coalesce(p_stock, 0)
                 else s_id is null or s_product <> product_id or s_color is distinct from color_id or quantity > s_stock end),
    jsonb_build_object(
      'products', coalesce(jsonb_object_agg(p_id::text, p_stock) filter (where p_id is not null), '{}'::jsonb),
      'sizes', coalesce(jsonb_object_agg(s_id::text, jsonb_build_object('productId', s_product, 'colorId', s_color, 'stock', s_stock)) filter (where s_id is not null), '{}'::jsonb))
  into v_short, v_stock
  from levels;
  if coalesce(v_short, false) then
    return jsonb_build_object('status', 'short', 'stock', v_stock, 'state', cart_state(c));
  end if;

  delete from cart_items i using jsonb_to_recordset(p_lines) as l(id uuid, quantity int)
    where i.cart_id = c.id and i.id = l.id and l.quantity = 0;
  update cart_items i set quantity = l.quantity
    from jsonb_to_recordset(p_lines) as l(id uuid, quantity int, before int)
    where i.cart_id = c.id and i.id = l.id and l.quantity > 0 and l.quantity <> l.before;
  insert into cart_items (id, cart_id, product_id, color_id, size_id, quantity)
    select l.new_id, c.id, l.product_id, l.color_id, l.size_id, l.quantity
    from jsonb_to_recordset(p_lines) as l(id uuid, new_id uuid, product_id uuid, color_id uuid, size_id uuid, quantity int)
    where l.id is null and l.quantity > 0
    order by l.new_id; -- uuidv7, made in plan order: the lines list in the order they were added

  update carts set
    currency = case when p_patch ? 'currency' then p_patch->>'currency' else currency end,
    type = case when p_patch ? 'type' then p_patch->>'type' else type end,
    last_merge_id = case when p_patch ? 'last_merge_id' then p_patch->>'last_merge_id' else last_merge_id end,
    conferance_code = case when p_patch ? 'conferance_code' then v_event else conferance_code end,
    event_owner_order = case when p_patch ? 'event_owner_order' then coalesce((p_patch->>'event_owner_order')::boolean, false) else event_owner_order end,
    business_event_user_id = case when p_patch ? 'business_event_user_id' then (p_patch->>'business_event_user_id')::uuid else business_event_user_id end,
    updated_at = now()
  where id = c.id
  returning * into c;
  return jsonb_build_object('status', 'ok', 'state', cart_state(c));
end
$$;
--> statement-breakpoint
-- POST /v1/coupons/{code}/apply. p_sub_total_minor is the sub-total the API priced from the cart
-- state p_expected (in p_cart_currency); the function sets the coupon only when that state still
-- holds and the coupon passes the rules of coupon.rules.ts (kept in step with evaluateCoupon:
-- 'refused' answers the coupon and uses, and the API words the refusal with evaluateCoupon).
CREATE FUNCTION cart_coupon_apply(p_user uuid, p_new_id uuid, p_currency text, p_expected jsonb, p_code text, p_type text, p_cart_currency text, p_sub_total_minor bigint, p_now timestamptz) RETURNS jsonb LANGUAGE plpgsql AS $$
declare
  c carts;
  cp coupons;
  v_uses bigint;
begin
  select * into cp from coupons where code = upper(p_code);
  if not found then return jsonb_build_object('status', 'no_coupon'); end if;
  c := cart_lock(p_user, p_new_id, p_currency);
  if p_expected is null or cart_fingerprint(c) <> p_expected then
    return jsonb_build_object('status', 'stale', 'state', cart_state(c));
  end if;
  select count(*) into v_uses from coupon_redemptions where coupon_id = cp.id and user_id = p_user;
  if cp.disabled_at is not null
     or coalesce(p_now < cp.starts_at, false)
     or coalesce(p_now >= cp.ends_at, false)
     or coalesce(cp.used_count >= cp.max_uses, false)
     or coalesce(v_uses >= cp.max_uses_per_user, false)
     or p_sub_total_minor <= 0
     or coalesce(p_sub_total_minor < (cp.minimum_order_minor->>p_cart_currency)::bigint, false)
     or (cp.kind <> 'percent' and not coalesce(jsonb_typeof(cp.amount_off_minor) = 'object' and cp.amount_off_minor ? p_cart_currency, false)) then
    return jsonb_build_object('status', 'refused', 'coupon', to_jsonb(cp), 'uses', v_uses);
  end if;
  update carts set coupon_id = cp.id, coupon_type = p_type, updated_at = now() where id = c.id returning * into c;
  return jsonb_build_object('status', 'ok', 'state', cart_state(c));
end
$$;
--> statement-breakpoint
-- PATCH /v1/coupons/unapply.
CREATE FUNCTION cart_coupon_unapply(p_user uuid, p_new_id uuid, p_currency text) RETURNS jsonb LANGUAGE plpgsql AS $$
declare
  c carts;
begin
  c := cart_lock(p_user, p_new_id, p_currency);
  update carts set coupon_id = null, coupon_type = null, updated_at = now() where id = c.id returning * into c;
  return cart_state(c);
end
$$;
--> statement-breakpoint
-- Other API processes on this PostgreSQL forget their cached copy of a cart when its row changes
-- (every cart writer updates or deletes the row: changes, coupons, order placement, account
-- deletion). Only the API's own connections (application_name 'carbonwise-api:<process>') notify,
-- with that name, so a process ignores its own writes; PGlite (one process) never notifies.
CREATE FUNCTION cart_changed_notify() RETURNS trigger LANGUAGE plpgsql AS $$
declare
  v_app text := current_setting('application_name', true);
begin
  if v_app like 'carbonwise-api:%' then
    perform pg_notify('cart_changed', (case when tg_op = 'DELETE' then old.user_id else new.user_id end)::text || ' ' || v_app);
  end if;
  return null;
end
$$;
--> statement-breakpoint
CREATE TRIGGER carts_changed_notify AFTER INSERT OR UPDATE OR DELETE ON carts FOR EACH ROW EXECUTE FUNCTION cart_changed_notify();
