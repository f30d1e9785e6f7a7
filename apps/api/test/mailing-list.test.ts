import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestApp, json } from './helper.ts';
import { bearer, mailTo, registerVerified, uniqueEmail } from './auth-helpers.ts';
import { ageConfirmation, browser, linkIn, subscribe, subscriberRow } from './mailing-list-helpers.ts';

describe('POST /api/v1/mailing-lists: the outcomes of double opt-in', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp({ seed: false });
  });
  afterAll(async () => {
    await app.close();
  });

  it('a new email gets 200 with existingUser false and one confirmation mail to the normalised address', async () => {
    const email = uniqueEmail('news');
    const response = await subscribe(app, `  ${email.toUpperCase()} `);
    expect(response.statusCode).toBe(200);
    expect(json(response)).toEqual({ success: true, message: expect.stringContaining('confirm'), existingUser: false });
    const mails = await mailTo(app, email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.template).toBe('newsletter-confirm');
    expect(linkIn(mails[0]!, 'verify')).toMatch(/^\/api\/v1\/mailing-lists\/verify\?tk=/);
    const [row] = await subscriberRow(app, email);
    expect(row.status).toBe('pending');
    // Only a hash of the token is stored.
    expect(mails[0]!.text).not.toContain(row.confirm_token_hash);
  });

  it.each([['not-an-email'], ['a@b'], [''], ['x'.repeat(250) + '@example.com'], [42], [null]])('refuses %j with 400 and the spec message', async (email) => {
    const response = await subscribe(app, email);
    expect(response.statusCode).toBe(400);
    const body = json(response);
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.message).toBe('Please enter a valid email');
    expect(body.fields.email).toBeDefined();
  });

  it('a second request within a minute gets 409 and no second mail; after a minute a new link replaces the old one', async () => {
    const email = uniqueEmail('again');
    await subscribe(app, email);
    const again = await subscribe(app, email);
    expect(again.statusCode).toBe(409);
    expect(json(again)).toMatchObject({ success: false, code: 'NEWSLETTER_CONFIRMATION_PENDING', message: expect.stringContaining('already sent you a confirmation email') });
    const [first] = await mailTo(app, email);
    expect(await mailTo(app, email)).toHaveLength(1);

    await ageConfirmation(app, email);
    expect((await subscribe(app, email)).statusCode).toBe(200);
    const mails = await mailTo(app, email);
    expect(mails).toHaveLength(2);
    const old = await app.inject({ method: 'GET', headers: browser, url: linkIn(first!, 'verify') });
    expect(old.statusCode).toBe(400);
    expect(old.body).toContain('This link is not valid');
    expect((await app.inject({ method: 'GET', headers: browser, url: linkIn(mails[0]!, 'verify') })).statusCode).toBe(200);
  });

  it('a signed-in user subscribing their own verified email is subscribed at once (201); another email needs confirming', async () => {
    const { email, token } = await registerVerified(app);
    const response = await subscribe(app, email, bearer(token));
    expect(response.statusCode).toBe(201);
    expect(json(response)).toMatchObject({ success: true, existingUser: false });
    expect((await subscriberRow(app, email))[0].status).toBe('subscribed');
    const [welcome] = await mailTo(app, email);
    expect(welcome!.template).toBe('newsletter-welcome');
    expect(json(await subscribe(app, email, bearer(token)))).toMatchObject({ existingUser: true });

    const other = uniqueEmail('other');
    const otherResponse = await subscribe(app, other, bearer(token));
    expect(otherResponse.statusCode).toBe(200);
    expect(json(otherResponse).existingUser).toBe(false);
    expect((await mailTo(app, other))[0]!.template).toBe('newsletter-confirm');

    // An invalid token is ignored: the call still works for a visitor.
    expect((await subscribe(app, uniqueEmail('badtoken'), bearer('not-a-token'))).statusCode).toBe(200);
  });

  it('never reveals whether the address has an account: a visitor gets the same answer for a member email', async () => {
    const { email } = await registerVerified(app);
    const member = await subscribe(app, email);
    const stranger = await subscribe(app, uniqueEmail('stranger'));
    expect(member.statusCode).toBe(stranger.statusCode);
    expect(json(member)).toEqual(json(stranger));
    expect((await mailTo(app, email))[0]!.template).toBe('newsletter-confirm');
  });

  it('two requests for one new email at the same moment make one subscriber and one mail', async () => {
    const email = uniqueEmail('race');
    const statuses = (await Promise.all([subscribe(app, email), subscribe(app, email)])).map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, 409]);
    expect(await subscriberRow(app, email)).toHaveLength(1);
    expect(await mailTo(app, email)).toHaveLength(1);
  });

  it('sends one address at most 5 confirmation mails a day (429 after that)', async () => {
    const email = uniqueEmail('bomb');
    for (let i = 0; i < 5; i += 1) {
      expect((await subscribe(app, email)).statusCode).toBe(200);
      await ageConfirmation(app, email);
    }
    const sixth = await subscribe(app, email);
    expect(sixth.statusCode).toBe(429);
    expect(json(sixth).code).toBe('RATE_LIMITED');
    expect(await mailTo(app, email)).toHaveLength(5);
  });
});

describe('newsletter per-IP rate limit', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp({ seed: false, env: { RATE_LIMIT_AUTH_MAX: '3' } });
  });
  afterAll(async () => {
    await app.close();
  });

  it('answers 429 after the limit, whatever address is tried', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await subscribe(app, uniqueEmail(`ip${i}`))).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
    // The mail-link routes keep the global limit (unguessable tokens; scanners share addresses).
    for (let i = 0; i < 5; i += 1) {
      expect((await app.inject({ method: 'GET', headers: browser, url: '/api/v1/mailing-lists/verify?tk=not-a-real-token-at-all' })).statusCode).toBe(400);
    }
  });
});

