import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { userChains, users } from '../src/db/schema/index.ts';
import { call } from './business-helpers.ts';
import { createTestApp } from './helper.ts';
import { quickBuyer } from './order-helpers.ts';

/** User chains (spec §4, §7): invite, request, link join, list, tree, confirm, remove; only the two people. */
let app: FastifyInstance;
type Person = Awaited<ReturnType<typeof quickBuyer>>;
const UNKNOWN = '0190a5b2-0000-7000-8000-000000000000';

const invite = (from: Person, body: Record<string, unknown>) => call(app, from.token, 'POST', '/api/v1/user-chains', body);
const confirm = (who: Person, id: string, acceptanceStatus?: string) => call(app, who.token, 'PUT', `/api/v1/user-chains/confirm/${id}`, acceptanceStatus ? { acceptanceStatus } : {});
const list = (who: Person, query: string) => call(app, who.token, 'GET', `/api/v1/user-chains?${query}`);
const tree = (who: Person, userId: string, query = '') => call(app, who.token, 'GET', `/api/v1/user-chains/tree/${userId}${query}`);

async function linked(parent: Person, child: Person, relationship = 'friend') {
  const sent = await invite(parent, { userId: child.id, relationship });
  expect(sent.status).toBe(201);
  expect((await confirm(child, sent.body.data.id)).status).toBe(200);
  return sent.body.data.id as string;
}

beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => app?.close());

describe('inviting and confirming', () => {
  it('invites by email or id; the invited person sees it as requested and accepts; both read it', async () => {
    const [ada, bob] = await Promise.all([quickBuyer(app), quickBuyer(app)]);
    const sent = await invite(ada, { email: ` ${bob.email.toUpperCase()} `, relationship: 'friend' });
    expect(sent.status).toBe(201);
    // Until Bob accepts, Ada sees the address she typed, not his account (issue 23 item 4).
    expect(sent.body.data).toMatchObject({ relationship: 'friend', acceptanceStatus: 'pending', kind: 'invite', requested: false, parent: { _id: ada.id }, child: { _id: '', name: bob.email }, requestedBy: ada.id, otherUser: { _id: '', name: bob.email } });
    expect(JSON.stringify(sent.body)).not.toContain(bob.id);

    const asked = await list(bob, 'relationship=friend&requested=true');
    expect(asked.status).toBe(200);
    expect(asked.body.data.map((c: { id: string }) => c.id)).toEqual([sent.body.data.id]);
    expect(asked.body.data[0].requested).toBe(true);
    expect(asked.body.meta).toEqual({ page: 1, size: 20, total: 1 });
    expect((await list(ada, 'relationship=friend&requested=true')).body.data).toEqual([]);
    expect((await list(ada, 'relationship=friend&acceptanceStatus=pending')).body.data).toHaveLength(1);

    expect((await confirm(ada, sent.body.data.id)).status).toBe(403);
    const accepted = await confirm(bob, sent.body.data.id, 'accepted');
    expect(accepted.status).toBe(200);
    expect(accepted.body.data).toMatchObject({ acceptanceStatus: 'accepted', requested: false });
    expect(accepted.body.data.respondedAt).toEqual(expect.any(String));
    expect((await confirm(bob, sent.body.data.id, 'rejected')).status).toBe(409);

    for (const person of [ada, bob]) {
      const one = await call(app, person.token, 'GET', `/api/v1/user-chains/${sent.body.data.id}`);
      expect(one.status).toBe(200);
      expect(one.body.data.acceptanceStatus).toBe('accepted');
      expect(one.body.data.child._id).toBe(bob.id);
    }
    expect((await list(ada, 'relationship=friend&acceptanceStatus=accepted')).body.data).toHaveLength(1);
    expect((await list(ada, 'relationship=family')).body.data).toHaveLength(0);
  });

  it('a rejected chain stays rejected (no re-invite while it exists) until either person removes it', async () => {
    const [ada, bob] = await Promise.all([quickBuyer(app), quickBuyer(app)]);
    const sent = await invite(ada, { userId: bob.id, relationship: 'colleague' });
    const rejected = await confirm(bob, sent.body.data.id, 'rejected');
    expect(rejected.body.data.acceptanceStatus).toBe('rejected');
    expect((await invite(ada, { userId: bob.id, relationship: 'colleague' })).status).toBe(409);
    expect((await list(bob, 'acceptanceStatus=rejected')).body.data).toHaveLength(1);
    const removed = await call(app, bob.token, 'DELETE', `/api/v1/user-chains/${sent.body.data.id}`);
    expect(removed.status).toBe(200);
    expect((await call(app, ada.token, 'GET', `/api/v1/user-chains/${sent.body.data.id}`)).status).toBe(404);
    expect((await invite(ada, { userId: bob.id, relationship: 'colleague' })).status).toBe(201);
  });

  it('a join request runs the other way: the requester becomes the child and the other confirms', async () => {
    const [ada, bob] = await Promise.all([quickBuyer(app), quickBuyer(app)]);
    const asked = await call(app, bob.token, 'POST', '/api/v1/user-chains/join/request', { userId: ada.id, relationship: 'family' });
    expect(asked.status).toBe(201);
    expect(asked.body.data).toMatchObject({ kind: 'request', parent: { _id: ada.id }, child: { _id: bob.id }, requestedBy: bob.id, acceptanceStatus: 'pending' });
    expect((await confirm(bob, asked.body.data.id)).status).toBe(403);
    expect((await list(ada, 'relationship=family&requested=true')).body.data).toHaveLength(1);
    expect((await confirm(ada, asked.body.data.id)).body.data.acceptanceStatus).toBe('accepted');
    const adaTree = await tree(ada, ada.id);
    expect(adaTree.body.data.root.children.map((n: { userId: string }) => n.userId)).toEqual([bob.id]);
    const bobTree = await tree(bob, bob.id);
    expect(bobTree.body.data.parents).toEqual([{ userId: ada.id, name: expect.stringContaining('Buyer'), chainId: asked.body.data.id, relationship: 'family' }]);
  });
});

describe('duplicates, self and bad input', () => {
  it('refuses self-chains, a second chain of the same pair and relationship in either direction, and unknown people', async () => {
    const [ada, bob] = await Promise.all([quickBuyer(app), quickBuyer(app)]);
    const self = await invite(ada, { userId: ada.id, relationship: 'friend' });
    expect(self.status).toBe(400);
    expect(self.body.code).toBe('CHAIN_WITH_SELF');
    expect((await invite(ada, { email: ada.email, relationship: 'friend' })).status).toBe(400);
    expect((await invite(ada, { userId: bob.id, relationship: 'friend' })).status).toBe(201);
    const again = await invite(ada, { userId: bob.id, relationship: 'friend' });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('CHAIN_EXISTS');
    expect((await invite(bob, { userId: ada.id, relationship: 'friend' })).status).toBe(409);
    expect((await call(app, bob.token, 'POST', '/api/v1/user-chains/join/request', { userId: ada.id, relationship: 'friend' })).status).toBe(409);
    expect((await invite(bob, { userId: ada.id, relationship: 'family' })).status).toBe(201);
    expect((await invite(ada, { userId: UNKNOWN, relationship: 'friend' })).status).toBe(404);
    // By email an unknown address answers like a known one (security-chains-consent.test.ts).
    expect((await invite(ada, { email: 'nobody-here@example.com', relationship: 'friend' })).status).toBe(201);
  });

  it('racing invitations between the same two people end with one chain', async () => {
    const [ada, bob] = await Promise.all([quickBuyer(app), quickBuyer(app)]);
    const answers = await Promise.all([invite(ada, { userId: bob.id, relationship: 'referral' }), invite(bob, { userId: ada.id, relationship: 'referral' }), invite(ada, { userId: bob.id, relationship: 'referral' })]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409]);
    const rows = await app.database.db.select().from(userChains).where(eq(userChains.relationship, 'referral'));
    expect(rows.filter((row) => [row.parentUserId, row.childUserId].sort().join() === [ada.id, bob.id].sort().join())).toHaveLength(1);
  });

  it('answers 400 with fields for hostile bodies and queries, never 5xx', async () => {
    const [ada, bob] = await Promise.all([quickBuyer(app), quickBuyer(app)]);
    const bad: Record<string, unknown>[] = [
      {},
      { relationship: 'friend' },
      { email: bob.email, userId: bob.id, relationship: 'friend' },
      { email: 'not-an-email', relationship: 'friend' },
      { email: `${'a'.repeat(250)}@example.com`, relationship: 'friend' },
      { userId: 'not-a-uuid', relationship: 'friend' },
      { userId: bob.id, relationship: 'enemy' },
      { userId: bob.id, relationship: 'friend', extra: 1 },
      { userId: bob.id, relationship: ['friend'] },
    ];
    for (const body of bad) {
      const answer = await invite(ada, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.success).toBe(false);
    }
    for (const query of ['relationship=enemy', 'acceptanceStatus=maybe', 'requested=yes', 'size=1000', 'page=0']) expect((await list(ada, query)).status, query).toBe(400);
    expect((await call(app, ada.token, 'GET', '/api/v1/user-chains/not-an-id')).status).toBe(400);
    expect((await call(app, ada.token, 'PUT', `/api/v1/user-chains/confirm/${UNKNOWN}`, { acceptanceStatus: 'maybe' })).status).toBe(400);
    expect((await call(app, ada.token, 'POST', '/api/v1/user-chains/join', { referralId: '<script>' })).status).toBe(400);
    expect((await call(app, ada.token, 'POST', '/api/v1/user-chains/join', {})).status).toBe(400);
    expect((await tree(ada, ada.id, '?depth=99')).status).toBe(400);
  });
});

describe('access', () => {
  it('needs a token for every call', async () => {
    const routes: ['GET' | 'POST' | 'PUT' | 'DELETE', string][] = [
      ['POST', '/api/v1/user-chains'],
      ['GET', '/api/v1/user-chains?relationship=friend'],
      ['GET', `/api/v1/user-chains/${UNKNOWN}`],
      ['GET', `/api/v1/user-chains/tree/${UNKNOWN}`],
      ['POST', '/api/v1/user-chains/join'],
      ['POST', '/api/v1/user-chains/join/request'],
      ['PUT', `/api/v1/user-chains/confirm/${UNKNOWN}`],
      ['DELETE', `/api/v1/user-chains/${UNKNOWN}`],
    ];
    for (const [method, url] of routes) expect((await call(app, null, method, url, method === 'GET' || method === 'DELETE' ? undefined : {})).status, `${method} ${url}`).toBe(401);
  });

  it('a stranger cannot read, confirm or remove a chain (403), an unknown id is 404', async () => {
    const [ada, bob, eve] = await Promise.all([quickBuyer(app), quickBuyer(app), quickBuyer(app)]);
    const sent = await invite(ada, { userId: bob.id, relationship: 'friend' });
    const id = sent.body.data.id;
    expect((await call(app, eve.token, 'GET', `/api/v1/user-chains/${id}`)).status).toBe(403);
    expect((await confirm(eve, id)).status).toBe(403);
    expect((await call(app, eve.token, 'DELETE', `/api/v1/user-chains/${id}`)).status).toBe(403);
    expect((await list(eve, 'relationship=friend')).body.data).toEqual([]);
    for (const [method, url] of [['GET', `/api/v1/user-chains/${UNKNOWN}`], ['PUT', `/api/v1/user-chains/confirm/${UNKNOWN}`], ['DELETE', `/api/v1/user-chains/${UNKNOWN}`]] as const) {
      expect((await call(app, eve.token, method, url, method === 'PUT' ? {} : undefined)).status).toBe(404);
    }
    expect((await call(app, bob.token, 'GET', `/api/v1/user-chains/${id}`)).body.data.acceptanceStatus).toBe('pending');
    // The inviter may withdraw a pending invitation.
    expect((await call(app, ada.token, 'DELETE', `/api/v1/user-chains/${id}`)).status).toBe(200);
    expect((await list(bob, 'requested=true')).body.data).toEqual([]);
  });

  it("only one's own tree: 403 for another person's, 404 for nobody's", async () => {
    const [ada, bob] = await Promise.all([quickBuyer(app), quickBuyer(app)]);
    expect((await tree(ada, bob.id)).status).toBe(403);
    expect((await tree(ada, UNKNOWN)).status).toBe(404);
  });
});

describe('the tree', () => {
  it('shows accepted chains level by level, cut at the depth, with each person once even in a cycle', async () => {
    const [a, b, c, d, e] = await Promise.all([quickBuyer(app), quickBuyer(app), quickBuyer(app), quickBuyer(app), quickBuyer(app)]);
    await linked(a, b);
    await linked(b, c);
    await linked(c, d);
    await linked(d, a, 'colleague'); // a cycle back to the root
    await invite(a, { userId: e.id, relationship: 'friend' }); // pending: not in the tree
    const full = await tree(a, a.id, '?depth=5');
    expect(full.status).toBe(200);
    const root = full.body.data.root;
    expect(root).toMatchObject({ userId: a.id, depth: 0, chainId: null });
    expect(root.children.map((n: { userId: string }) => n.userId)).toEqual([b.id]);
    expect(root.children[0].children[0].userId).toBe(c.id);
    expect(root.children[0].children[0].children[0].userId).toBe(d.id);
    expect(root.children[0].children[0].children[0].children).toEqual([]);
    expect(full.body.data.truncated).toBe(false);
    expect(full.body.data.parents.map((p: { userId: string }) => p.userId)).toEqual([d.id]);
    // Direct chains show the full name; further levels the first name and an initial.
    expect(root.children[0].name).toMatch(/^Buyer \w+$/);
    expect(root.children[0].children[0].name).toMatch(/^Buyer \w\.$/);
    const shallow = await tree(a, a.id, '?depth=2');
    expect(shallow.body.data.truncated).toBe(true);
    expect(shallow.body.data.root.children[0].children[0].children).toEqual([]);
    const removedUser = await app.database.db.delete(users).where(eq(users.id, c.id)).returning();
    expect(removedUser).toHaveLength(1);
    expect((await tree(a, a.id)).body.data.root.children[0].children).toEqual([]);
  });
});

describe('joining by referral link', () => {
  it("asks to join below the link's owner (by id or slug), who confirms; answers the same chain again, refuses one's own link", async () => {
    const [ada, bob, cy] = await Promise.all([quickBuyer(app), quickBuyer(app), quickBuyer(app)]);
    const joined = await call(app, bob.token, 'POST', '/api/v1/user-chains/join', { referralId: ada.id });
    expect(joined.status).toBe(201);
    // Not made through Ada's link, so Ada confirms (issue 23 item 8; security-chains-consent.test.ts).
    expect(joined.body.data).toMatchObject({ kind: 'link', relationship: 'referral', acceptanceStatus: 'pending', parent: { _id: ada.id }, child: { _id: bob.id } });
    const again = await call(app, bob.token, 'POST', '/api/v1/user-chains/join', { referralId: ada.id });
    expect(again.status).toBe(200);
    expect(again.body.data.id).toBe(joined.body.data.id);
    const [adaRow] = await app.database.db.select({ slug: users.slug }).from(users).where(eq(users.id, ada.id));
    const cyJoined = await call(app, cy.token, 'POST', '/api/v1/user-chains/join', { referralId: adaRow!.slug.toUpperCase() });
    expect(cyJoined.status).toBe(201);
    for (const id of [joined.body.data.id, cyJoined.body.data.id]) expect((await confirm(ada, id)).status).toBe(200);
    expect((await call(app, ada.token, 'POST', '/api/v1/user-chains/join', { referralId: ada.id })).status).toBe(400);
    expect((await call(app, ada.token, 'POST', '/api/v1/user-chains/join', { referralId: 'nobody-has-this' })).status).toBe(404);
    // The referrer of bob cannot in turn join below bob by link: they already have a referral chain.
    expect((await call(app, ada.token, 'POST', '/api/v1/user-chains/join', { referralId: bob.id })).status).toBe(409);
    const adaTree = await tree(ada, ada.id);
    expect(adaTree.body.data.root.children.map((n: { userId: string }) => n.userId).sort()).toEqual([bob.id, cy.id].sort());
  });
});
