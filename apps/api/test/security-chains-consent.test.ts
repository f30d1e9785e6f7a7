import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { call } from './business-helpers.ts';
import { createTestApp } from './helper.ts';
import { mailTo, registerVerified, uniqueEmail } from './auth-helpers.ts';
import { quickBuyer } from './order-helpers.ts';

/**
 * Issue 23 items 4 and 8, kept as attacks the suite tries on every run:
 * - inviting by email answered 201 with the other person's id and name for an existing account
 *   and 404 otherwise, so anyone could learn who has an account (and their name);
 * - `POST /v1/user-chains/join {referralId}` with anyone's id or slug made an accepted chain at
 *   once, putting a stranger in that person's network without their consent.
 */
let app: FastifyInstance;
type Person = Awaited<ReturnType<typeof quickBuyer>>;

const tree = (who: Person, userId = who.id) => call(app, who.token, 'GET', `/api/v1/user-chains/tree/${userId}`);
const childIds = (body: { data: { root: { children: { userId: string }[] } } }) => body.data.root.children.map((child) => child.userId);

beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => app?.close());

/** What an answer says apart from ids, times and the address typed: the same for every address. */
function shapeOf(body: { message?: string; data: Record<string, unknown> }) {
  const { _id, id, createdAt, parent, child, otherUser, ...rest } = body.data as Record<string, { _id: string; name: string }>;
  // The asker sees themself by name; the other side is the address typed, with no id.
  const side = (person: { _id: string; name: string }) => (person._id === '' ? { _id: '', name: 'typed address' } : person);
  return { message: body.message, keys: Object.keys(body.data).sort(), parent: side(parent!), child: side(child!), otherUser: side(otherUser!), ...rest, _id: typeof _id, id: typeof id, createdAt: typeof createdAt };
}

describe('inviting by email does not tell who has an account (issue 23 item 4)', () => {
  it('answers an existing and an unknown address alike, names nobody, and mails both', async () => {
    const [ada, bob] = await Promise.all([quickBuyer(app), quickBuyer(app)]);
    const nobody = uniqueEmail('nobody');
    const known = await call(app, ada.token, 'POST', '/api/v1/user-chains', { email: bob.email, relationship: 'friend' });
    const unknown = await call(app, ada.token, 'POST', '/api/v1/user-chains', { email: nobody, relationship: 'friend' });
    expect(known.status).toBe(201);
    expect(unknown.status).toBe(201);
    expect(shapeOf(unknown.body)).toEqual(shapeOf(known.body));
    // Neither the invitee's id nor their name: only the address Ada typed.
    expect(JSON.stringify(known.body)).not.toContain(bob.id);
    expect(JSON.stringify(known.body)).not.toContain(`Buyer ${bob.email.split('@')[0]!.split('.')[1]}`);
    expect(known.body.data.otherUser).toEqual({ _id: '', name: bob.email });
    expect(unknown.body.data.otherUser).toEqual({ _id: '', name: nobody });

    // Ada's list shows both invitations the same way, still without Bob's id.
    const sent = await call(app, ada.token, 'GET', '/api/v1/user-chains?relationship=friend');
    expect(sent.body.data.map((chain: { otherUser: { name: string } }) => chain.otherUser.name).sort()).toEqual([bob.email, nobody].sort());
    expect(JSON.stringify(sent.body)).not.toContain(bob.id);

    // Both addresses got an invitation by email.
    expect((await mailTo(app, bob.email)).some((mail) => mail.template === 'chain-invitation')).toBe(true);
    expect((await mailTo(app, nobody)).some((mail) => mail.template === 'chain-invitation')).toBe(true);

    // Bob sees who asked and accepts; only then does Ada see his name and id.
    const asked = await call(app, bob.token, 'GET', '/api/v1/user-chains?requested=true');
    expect(asked.body.data).toHaveLength(1);
    expect(asked.body.data[0].otherUser._id).toBe(ada.id);
    expect((await call(app, bob.token, 'PUT', `/api/v1/user-chains/confirm/${asked.body.data[0].id}`, {})).status).toBe(200);
    const after = await call(app, ada.token, 'GET', `/api/v1/user-chains/${known.body.data.id}`);
    expect(after.body.data.otherUser._id).toBe(bob.id);
    expect(after.body.data.acceptanceStatus).toBe('accepted');
  });

  it('an invitation to an address without an account waits for the account that proves it, which may accept', async () => {
    const ada = await quickBuyer(app);
    const email = uniqueEmail('later');
    const sent = await call(app, ada.token, 'POST', '/api/v1/user-chains', { email, relationship: 'colleague' });
    expect(sent.status).toBe(201);
    const newcomer = await registerVerified(app, { email });
    const asked = await call(app, newcomer.token, 'GET', '/api/v1/user-chains?requested=true');
    expect(asked.body.data).toHaveLength(1);
    expect(asked.body.data[0]).toMatchObject({ relationship: 'colleague', requested: true, otherUser: { _id: ada.id } });
    expect((await call(app, newcomer.token, 'PUT', `/api/v1/user-chains/confirm/${asked.body.data[0].id}`, {})).status).toBe(200);
    expect(childIds((await tree(ada)).body)).toContain(newcomer.user._id);
  });

  it('sending the same invitation twice is refused alike, whether or not the address has an account', async () => {
    const [ada, bob] = await Promise.all([quickBuyer(app), quickBuyer(app)]);
    const nobody = uniqueEmail('twice');
    for (const email of [bob.email, nobody]) expect((await call(app, ada.token, 'POST', '/api/v1/user-chains', { email, relationship: 'friend' })).status).toBe(201);
    const known = await call(app, ada.token, 'POST', '/api/v1/user-chains', { email: bob.email, relationship: 'friend' });
    const unknown = await call(app, ada.token, 'POST', '/api/v1/user-chains', { email: nobody, relationship: 'friend' });
    expect([known.status, known.body.code]).toEqual([409, 'CHAIN_EXISTS']);
    const answer = ({ requestId, ...rest }: { requestId?: string }) => rest;
    expect(answer(unknown.body)).toEqual(answer(known.body));
    // Still refused alike once Bob has read (and so claimed) the invitation.
    await call(app, bob.token, 'GET', '/api/v1/user-chains?requested=true');
    expect(answer((await call(app, ada.token, 'POST', '/api/v1/user-chains', { email: bob.email, relationship: 'friend' })).body)).toEqual(answer(known.body));
  });

  it('a chain one already has with a person does not tell whether an address is theirs', async () => {
    // Ada knows Bob's and Carol's public ids (a referral link carries them) and guesses addresses.
    const [ada, bob, carol] = await Promise.all([quickBuyer(app), quickBuyer(app), quickBuyer(app)]);
    expect((await call(app, ada.token, 'POST', '/api/v1/user-chains', { userId: bob.id, relationship: 'friend' })).status).toBe(201);
    const guess = await call(app, ada.token, 'POST', '/api/v1/user-chains', { email: bob.email, relationship: 'friend' });
    const miss = await call(app, ada.token, 'POST', '/api/v1/user-chains', { email: uniqueEmail('guess'), relationship: 'friend' });
    expect(guess.status).toBe(201);
    expect(shapeOf(guess.body)).toEqual(shapeOf(miss.body));
    // The other way round: an address first, then the person by id.
    expect((await call(app, ada.token, 'POST', '/api/v1/user-chains', { email: carol.email, relationship: 'colleague' })).status).toBe(201);
    expect((await call(app, ada.token, 'POST', '/api/v1/user-chains', { email: uniqueEmail('guess'), relationship: 'family' })).status).toBe(201);
    const byId = await call(app, ada.token, 'POST', '/api/v1/user-chains', { userId: carol.id, relationship: 'colleague' });
    const byIdAfterMiss = await call(app, ada.token, 'POST', '/api/v1/user-chains', { userId: bob.id, relationship: 'family' });
    expect(byId.status).toBe(201);
    expect(byIdAfterMiss.status).toBe(201);
    // No email for the guess that named Bob (it would lead nowhere); Carol's invitation was mailed.
    expect((await mailTo(app, bob.email)).filter((mail) => mail.template === 'chain-invitation')).toHaveLength(0);
    expect((await mailTo(app, carol.email)).filter((mail) => mail.template === 'chain-invitation')).toHaveLength(1);
    // Each of them is asked once, by the chain that names them; the address one waits unclaimed.
    for (const [who, relationship] of [[bob, 'friend'], [carol, 'colleague']] as const) {
      const asked = await call(app, who.token, 'GET', `/api/v1/user-chains?requested=true&relationship=${relationship}`);
      expect(asked.body.data.map((chain: { otherUser: { _id: string } }) => chain.otherUser._id)).toEqual([ada.id]);
    }
  });

  it('asking to join below someone by email answers alike too', async () => {
    const [ada, bob] = await Promise.all([quickBuyer(app), quickBuyer(app)]);
    const known = await call(app, ada.token, 'POST', '/api/v1/user-chains/join/request', { email: bob.email, relationship: 'family' });
    const unknown = await call(app, ada.token, 'POST', '/api/v1/user-chains/join/request', { email: uniqueEmail('nobody'), relationship: 'family' });
    expect(known.status).toBe(201);
    expect(unknown.status).toBe(201);
    expect(shapeOf(unknown.body)).toEqual(shapeOf(known.body));
    expect(JSON.stringify(known.body)).not.toContain(bob.id);
  });
});

describe('joining under someone needs their consent (issue 23 item 8)', () => {
  it("a stranger's join by id or slug is a request the other person confirms, not an accepted chain", async () => {
    const [ada, stranger] = await Promise.all([quickBuyer(app), quickBuyer(app)]);
    const joined = await call(app, stranger.token, 'POST', '/api/v1/user-chains/join', { referralId: ada.id });
    expect(joined.status).toBe(201);
    expect(joined.body.data).toMatchObject({ acceptanceStatus: 'pending', kind: 'link', requested: false });
    expect(childIds((await tree(ada)).body)).not.toContain(stranger.id);
    const asked = await call(app, ada.token, 'GET', '/api/v1/user-chains?requested=true');
    expect(asked.body.data.map((chain: { id: string }) => chain.id)).toContain(joined.body.data.id);
    expect((await call(app, ada.token, 'PUT', `/api/v1/user-chains/confirm/${joined.body.data.id}`, {})).status).toBe(200);
    expect(childIds((await tree(ada)).body)).toContain(stranger.id);
  });

  it('a new account made through the referral link joins at once, and only that account', async () => {
    const ada = await quickBuyer(app);
    const slug = (await call(app, ada.token, 'GET', '/api/v1/me')).body.slug as string;
    const referred = await registerVerified(app, { referralId: slug });
    const joined = await call(app, referred.token, 'POST', '/api/v1/user-chains/join', { referralId: slug });
    expect(joined.status).toBe(201);
    expect(joined.body.data).toMatchObject({ acceptanceStatus: 'accepted', kind: 'link' });
    expect(childIds((await tree(ada)).body)).toContain(referred.user._id);
  });
});
