import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { createTestApp } from './helper.ts';

/**
 * Issue 28 (migrations 0037, 0039, 0040): a LANGUAGE sql function whose body reads a table (a FROM, a
 * WITH or a sub-select) cannot be inlined by PostgreSQL, and before PostgreSQL 18 its body is
 * parsed and planned again on every call — a third of the database's CPU when 50 people changed
 * their carts. Such functions are written in plpgsql, whose plans are kept per connection. This
 * test reads the migrated schema and names any SQL function that reads a table, and any entry
 * point for carts and orders that would plan its statements again for each call's values.
 */
interface SchemaFunction {
  name: string;
  language: string;
  body: string;
  /** Its SET options, comma-separated ('' for none). */
  config: string;
}

let app: FastifyInstance;
let functions: SchemaFunction[];

beforeAll(async () => {
  app = await createTestApp();
  const result = (await app.database.db.execute(sql`
    select p.proname as name, l.lanname as language, p.prosrc as body, coalesce(array_to_string(p.proconfig, ','), '') as config
    from pg_proc p join pg_namespace n on n.oid = p.pronamespace join pg_language l on l.oid = p.prolang
    where n.nspname = 'public'`)) as unknown as { rows: SchemaFunction[] };
  functions = result.rows;
});
afterAll(async () => app?.close());

/** The schema's functions of these names. */
const named = (names: string[]) => functions.filter((fn) => names.includes(fn.name));

describe('database functions keep their plans', () => {
  it('no LANGUAGE sql function of the schema reads a table (those are plpgsql)', () => {
    const readsTables = functions.filter((fn) => fn.language === 'sql' && /\b(from|with)\b/i.test(fn.body)).map((fn) => fn.name);
    expect(readsTables).toEqual([]);
  });

  it('the cart and order helpers are plpgsql', () => {
    const helpers = named(['cart_state', 'cart_fingerprint', 'coupon_fingerprint', 'cart_read', 'cart_apply', 'place_order', 'order_cart_seen', 'order_placement_context']);
    expect(helpers).toHaveLength(8);
    expect(helpers.filter((fn) => fn.language !== 'plpgsql')).toEqual([]);
  });

  // Migration 0040. A later CREATE OR REPLACE of one of these drops the setting unless it says it again.
  it('the functions the API calls for carts and orders plan their statements once (plan_cache_mode)', () => {
    const entryPoints = ['place_order', 'order_placement_context', 'cart_apply', 'cart_coupon_apply', 'cart_coupon_unapply', 'cart_read', 'cart_lock_state'];
    const found = named(entryPoints);
    expect(found.map((fn) => fn.name).sort()).toEqual([...entryPoints].sort());
    expect(found.filter((fn) => !fn.config.includes('plan_cache_mode=force_generic_plan')).map((fn) => fn.name)).toEqual([]);
  });
});
