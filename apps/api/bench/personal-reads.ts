/**
 * What the per-person read scenarios (sections/scenarios.ts, issue 28) read, set up by the bench
 * server beside the data set: a person with about 20 orders, the first business grown to 50
 * active members, and one person's wishlist (12 products) and saved footprints (12). Written
 * straight into the database or through the product's own routes (app.inject), never timed.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { carbonFootprints, users } from '../src/db/schema/index.ts';
import type { TokenSigner } from '../src/lib/jwt.ts';
import type { DatasetInfo } from './dataset.ts';

export const BUSINESS_MEMBERS_READ = 50;
const WISHLIST_PRODUCTS = 12;
const SAVED_FOOTPRINTS = 12;
const ORDERS_WANTED = 20;

export interface PersonalReadsSetup {
  /** A data set user with about 20 personal orders (null without the data set). */
  orders: { token: string; count: number } | null;
  /** The first business, now with BUSINESS_MEMBERS_READ active members. */
  businessMembers: number | null;
  /** The person whose wishlist and footprints are read: tokens[0] of the scenarios' people. */
  wishlistProducts: number;
  footprints: number;
}

/** Products a wishlist can hold: the catalog's first ones. */
export function productIdsForLists(app: FastifyInstance): string[] {
  return app.catalog
    .snapshot()
    .products.slice(0, WISHLIST_PRODUCTS)
    .map((p) => p.id);
}

export async function personalReads(app: FastifyInstance, signer: TokenSigner, personId: string, personToken: string, dataset: DatasetInfo | undefined, wishlistIds: string[]): Promise<PersonalReadsSetup> {
  const db = app.database.db;
  const auth = { authorization: `Bearer ${personToken}` };
  const wished = await app.inject({ method: 'PATCH', url: '/api/v1/wishlists', headers: auth, payload: { products: wishlistIds } });
  if (wished.statusCode !== 200) throw new Error(`could not fill the wishlist: ${wished.body}`);
  // One footprint saved through the API (so its inputs and result are real), then copies of it a day apart.
  await db.execute(sql`delete from carbon_footprints where user_id = ${personId}`);
  const saved = await app.inject({
    method: 'POST',
    url: '/api/v1/carbon/footprints',
    headers: auth,
    payload: { kind: 'household', inputs: { country: 'GB', houseHoldMembers: 2, publicTransportationMembers: 0, income: 'medium', houseSize: 'medium', airTravel: 'medium', meatConsumption: 'medium' } },
  });
  if (saved.statusCode !== 201) throw new Error(`could not save a footprint: ${saved.body}`);
  const [first] = await db.select().from(carbonFootprints).where(sql`${carbonFootprints.userId} = ${personId}`);
  const { id: _id, ...copy } = first!;
  await db.insert(carbonFootprints).values(Array.from({ length: SAVED_FOOTPRINTS - 1 }, (_, i) => ({ ...copy, createdAt: new Date(first!.createdAt.getTime() - (i + 1) * 86_400_000) })));

  if (!dataset) return { orders: null, businessMembers: null, wishlistProducts: wishlistIds.length, footprints: SAVED_FOOTPRINTS };
  // The data set user whose personal order count is nearest 20.
  const nearest = (await db.execute(sql`
    select user_id as "userId", count(*)::int as n from orders where business_id is null
    group by user_id order by abs(count(*) - ${ORDERS_WANTED}), user_id limit 1`)) as unknown as { rows: { userId: string; n: number }[] };
  const { userId, n } = nearest.rows[0]!;
  const [buyer] = await db.select({ tokenVersion: users.tokenVersion }).from(users).where(sql`${users.id} = ${userId}`);
  const ordersToken = await signer.sign({ sub: userId, tv: buyer!.tokenVersion });
  // The first business grows to 50 active members: people in no business and owning none.
  await db.execute(sql`
    insert into business_members (id, business_id, user_id, role, status)
    select gen_random_uuid(), ${dataset.business.id}, u.id, 'employee', 'active' from users u
    where u.email_verified_at is not null
      and not exists (select 1 from business_members m where m.user_id = u.id and m.status = 'active')
      and not exists (select 1 from businesses b where b.owner_user_id = u.id)
    order by u.id
    limit ${BUSINESS_MEMBERS_READ - dataset.business.members}`);
  return { orders: { token: ordersToken, count: n }, businessMembers: BUSINESS_MEMBERS_READ, wishlistProducts: wishlistIds.length, footprints: SAVED_FOOTPRINTS };
}
