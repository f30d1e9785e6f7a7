import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import {
  businessEventFootprints,
  businessEvents,
  carbonFootprints,
  mailingListSubscribers,
  sustainabilityProfiles,
  userChains,
  userGalleryImages,
  users,
  wishlistItems,
} from '../src/db/schema/index.ts';
import { TokenSigner } from '../src/lib/jwt.ts';
import { hashPassword } from '../src/modules/auth/auth.context.ts';
import { bearer, PASSWORD } from './auth-helpers.ts';
import { call, createBusiness } from './business-helpers.ts';
import { insertMember } from './business-fixtures.ts';
import { cartClient, pickProducts } from './cart-helpers.ts';
import { json } from './helper.ts';
import { orderBody, placeOrder } from './order-helpers.ts';
import { PNG_BYTES } from './upload-helpers.ts';

let passwordHash: Promise<string> | undefined;

/** A verified account with a real password (deletion asks for it), distinctive names and a session. */
export async function person(app: FastifyInstance, firstName: string, lastName: string) {
  const tag = randomBytes(4).toString('hex');
  passwordHash ??= hashPassword(PASSWORD);
  const [row] = await app.database.db
    .insert(users)
    .values({
      email: `${firstName.toLowerCase()}.${tag}@example.com`,
      passwordHash: await passwordHash,
      firstName,
      lastName,
      slug: `${firstName.toLowerCase()}-${tag}`,
      emailVerifiedAt: new Date(),
      phone: `+44 7700 ${tag.slice(0, 6)}`,
      billingAddress: { firstName, lastName, line1: `${tag} Quern Street`, city: 'Bristol', postalCode: 'BS1 1AA', country: 'GB' },
    })
    .returning();
  const token = await new TokenSigner(app.config.jwtSecret, 3600).sign({ sub: row!.id, tv: row!.tokenVersion });
  return { id: row!.id, email: row!.email, firstName, lastName, name: `${firstName} ${lastName}`, phone: row!.phone!, token, cart: cartClient(app, token), addressLine: `${tag} Quern Street` };
}
export type Person = Awaited<ReturnType<typeof person>>;

export const exportOf = (app: FastifyInstance, token: string) => app.inject({ method: 'GET', url: '/api/v1/account/export', headers: bearer(token) });
export const deleteAccount = (app: FastifyInstance, token: string, payload: Record<string, unknown>) =>
  app.inject({ method: 'POST', url: '/api/v1/account/delete', headers: bearer(token), payload });

/** A paid order of `who` for these lines (the provider leaves it pending; the test pays it as a webhook would). */
export async function paidOrder(app: FastifyInstance, who: Person, lines: Array<{ product: string; quantity: number }>, overrides: Record<string, unknown> = {}, coupon?: string) {
  await who.cart.patch({ products: lines });
  if (coupon) expect200(await who.cart.apply(coupon), 'coupon');
  const placed = await placeOrder(app, who.token, orderBody({ firstName: who.firstName, lastName: who.lastName, address: { firstName: who.firstName, lastName: who.lastName, line1: who.addressLine, city: 'Bristol', postalCode: 'BS1 1AA', country: 'gb' }, ...overrides }));
  expect200(placed, 'order');
  const id = placed.body.data.id as string;
  return { id, paid: async () => app.orders.markOrderPaid(id, `cs_${id}`) };
}

function expect200(answer: { status: number; body: unknown }, what: string) {
  if (answer.status !== 200) throw new Error(`${what} failed: ${answer.status} ${JSON.stringify(answer.body)}`);
}

/**
 * Two people who share a business (Bob owns it, Alice is a member), an event of it (both joined),
 * a chain (Alice invited Bob by email, and an accepted family chain), and a referral (Bob referred
 * Alice, and earns from her paid order). Alice also has every other kind of data the shop keeps.
 */
export async function twoCustomers(app: FastifyInstance, names: { alice: [string, string]; bob: [string, string] }) {
  const db = app.database.db;
  const [alice, bob] = [await person(app, ...names.alice), await person(app, ...names.bob)];
  const { plain } = pickProducts(app);
  const offset = plain.find((p) => p.kind === 'offset')!;
  const goods = plain.find((p) => p.kind !== 'offset')!;

  const business = await createBusiness(app, bob.token, { name: `Shared Roots ${randomBytes(2).toString('hex')}` });
  await insertMember(app, business._id ?? business.id, alice.id);
  const created = await call(app, bob.token, 'POST', '/api/v1/business-events', { name: 'Roots Summit', startDate: '2026-06-01', endDate: '2026-06-02' });
  if (created.status !== 201) throw new Error(`event: ${JSON.stringify(created.body)}`);
  const conferanceCode = created.body.data.conferanceCode as string;
  for (const who of [alice, bob]) {
    const joined = await call(app, who.token, 'POST', '/api/v1/business-events/join', { conferanceCode });
    if (joined.status !== 200 && joined.status !== 201) throw new Error(`join event: ${JSON.stringify(joined.body)}`);
  }
  const [event] = await db.select().from(businessEvents).where(eq(businessEvents.conferanceCode, conferanceCode));
  const footprint = (who: Person, kg: number) => ({ eventId: event!.id, email: who.email, name: who.name, userId: who.id, inputs: { travel: 'train' }, notes: [], factorSetYear: 2025, totalKg: kg, travelKg: kg, accommodationKg: 0, cateringKg: 0 });
  await db.insert(businessEventFootprints).values([footprint(alice, 120), footprint(bob, 80)]);

  // The referral: Bob's link brought Alice; her paid order earns him his share.
  await db.update(users).set({ referredByUserId: bob.id }).where(eq(users.id, alice.id));
  const invited = await call(app, alice.token, 'POST', '/api/v1/user-chains', { email: bob.email, relationship: 'friend' });
  if (invited.status !== 200 && invited.status !== 201) throw new Error(`chain: ${JSON.stringify(invited.body)}`);
  await db.insert(userChains).values({ parentUserId: bob.id, childUserId: alice.id, requestedByUserId: bob.id, relationship: 'family', kind: 'invite', acceptanceStatus: 'accepted', respondedAt: new Date() });

  // Alice's own things: a paid order (an offset with a certificate, and goods) with a coupon, a review, an unpaid order holding stock.
  const paid = await paidOrder(app, alice, [{ product: offset.id, quantity: 2 }, { product: goods.id, quantity: 1 }], { referalUserId: bob.id }, 'WELCOME10');
  if ((await paid.paid()) !== 'paid') throw new Error('order not paid');
  const review = await call(app, alice.token, 'POST', '/api/v1/review', { product: offset.id, order: paid.id, rating: 5, comment: 'Clear paperwork and a real project.' });
  if (review.status !== 200 && review.status !== 201) throw new Error(`review: ${JSON.stringify(review.body)}`);
  const unpaid = await paidOrder(app, alice, [{ product: goods.id, quantity: 3 }]);
  await alice.cart.patch({ products: [{ product: goods.id, quantity: 1 }] });
  const wished = await app.inject({ method: 'PATCH', url: '/api/v1/wishlists', headers: bearer(alice.token), payload: { products: [offset.id] } });
  if (wished.statusCode !== 200) throw new Error(`wishlist: ${wished.body}`);
  await db.insert(carbonFootprints).values({ userId: alice.id, kind: 'household', inputs: { country: 'gb' }, result: { total: 4200 }, total: 4200, factorSetYear: 2025 });
  await db.insert(sustainabilityProfiles).values({ userId: alice.id, name: alice.name, email: alice.email, phone: '+44 7700 900123', title: `${alice.firstName}'s pledge` });
  await db.insert(mailingListSubscribers).values({ email: alice.email, status: 'subscribed', userId: alice.id, confirmedAt: new Date() });
  const imageUrl = await app.uploads.save(alice.id, PNG_BYTES, 'png');
  await db.insert(userGalleryImages).values({ userId: alice.id, url: imageUrl, contentType: 'image/png', bytes: PNG_BYTES.length, caption: `${alice.firstName} planting` });
  await db.insert(wishlistItems).values({ userId: bob.id, productId: goods.id }).onConflictDoNothing();

  return { alice, bob, business, event: event!, conferanceCode, offset, goods, paidOrderId: paid.id, unpaidOrderId: unpaid.id, imageUrl };
}

/** Every text, varchar, json(b) and text[] column of every table, with the rows whose value contains `needle` (case-insensitive). */
export async function findEverywhere(app: FastifyInstance, needle: string): Promise<Array<{ table: string; column: string; count: number }>> {
  const db = app.database.db;
  const columns = (await db.execute(sql`
    select table_name as t, column_name as c from information_schema.columns
    where table_schema = 'public' and (data_type in ('text', 'character varying', 'jsonb', 'json') or (data_type = 'ARRAY' and udt_name in ('_text', '_varchar')))
    order by table_name, column_name`)) as unknown as { rows: Array<{ t: string; c: string }> };
  const found: Array<{ table: string; column: string; count: number }> = [];
  const pattern = `%${needle.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`;
  for (const { t, c } of columns.rows) {
    const result = (await db.execute(sql`select count(*)::int as n from ${sql.identifier(t)} where lower(${sql.identifier(c)}::text) like ${pattern}`)) as unknown as { rows: Array<{ n: number }> };
    const n = Number(result.rows[0]!.n);
    if (n > 0) found.push({ table: t, column: c, count: n });
  }
  return found;
}

export const bodyOf = (response: { body: string }) => json(response);
