import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { call, createBusiness } from './business-helpers.ts';
import { createTestApp, json } from './helper.ts';
import { quickBuyer } from './order-helpers.ts';

/**
 * Access to business records as a table (spec §6 roles): every owner-only call refuses a plain
 * member and a stranger, every member-or-owner call refuses a stranger, and nobody reads another
 * business's members or orders. A business route in the API document without a row here fails
 * the last test, so a new route has to say who may call it.
 */
let app: FastifyInstance;
type Person = Awaited<ReturnType<typeof quickBuyer>>;
let owner: Person;
let member: Person;
let stranger: Person;
let business: { id: string; businessCode: string; joinCodes: { employee: string } };
let memberId: string;

let eventId: string;

type Row = { method: 'GET' | 'PUT' | 'POST' | 'DELETE'; route: string; url: () => string; body?: unknown };

const ownerOnly: Row[] = [
  { method: 'PUT', route: '/api/v1/business-profiles/{id}', url: () => `/api/v1/business-profiles/${business.id}`, body: { description: 'hijacked' } },
  { method: 'PUT', route: '/api/v1/business-profiles/business-slug/{id}', url: () => `/api/v1/business-profiles/business-slug/${business.id}`, body: { businessSlug: 'hijacked-slug' } },
  { method: 'GET', route: '/api/v1/business-profiles/me/{businessCode}', url: () => `/api/v1/business-profiles/me/${business.businessCode}` },
  { method: 'PUT', route: '/api/v1/business-profiles/remove/user/{id}', url: () => `/api/v1/business-profiles/remove/user/${memberId}` },
  // Right after the removal above: only a removed person can be re-admitted (issue 23 item 1).
  { method: 'PUT', route: '/api/v1/business-profiles/readmit/user/{id}', url: () => `/api/v1/business-profiles/readmit/user/${memberId}` },
  { method: 'PUT', route: '/api/v1/business-profiles/join-codes/{id}', url: () => `/api/v1/business-profiles/join-codes/${business.id}`, body: { role: 'supplier' } },
  { method: 'PUT', route: '/api/v1/business-profiles/update/user/{id}', url: () => `/api/v1/business-profiles/update/user/${memberId}`, body: { title: 'hijacked' } },
  { method: 'GET', route: '/api/v1/business-user-profiles/business/{businessId}', url: () => `/api/v1/business-user-profiles/business/${business.id}` },
  { method: 'GET', route: '/api/v1/business-user-profiles/business/stats/{businessId}', url: () => `/api/v1/business-user-profiles/business/stats/${business.id}` },
  { method: 'GET', route: '/api/v1/business-customer-orders', url: () => `/api/v1/business-customer-orders?businessCode=${business.businessCode}` },
  { method: 'PUT', route: '/api/v1/business-profiles/carbon-inputs/{businessCode}', url: () => `/api/v1/business-profiles/carbon-inputs/${business.businessCode}`, body: { spend: [{ naics: '541511', usd: 100 }] } },
  { method: 'GET', route: '/api/v1/business-profiles/carbon-inputs/{businessCode}', url: () => `/api/v1/business-profiles/carbon-inputs/${business.businessCode}?year=2025` },
  { method: 'GET', route: '/api/v1/business-profiles/get/carbon-calculations', url: () => `/api/v1/business-profiles/get/carbon-calculations?businessCode=${business.businessCode}` },
  // The emissions report: the owner, and members the owner gave report access (business-report.test.ts); a plain member is refused.
  { method: 'GET', route: '/api/v1/business-reports/{businessCode}/{year}', url: () => `/api/v1/business-reports/${business.businessCode}/2026` },
  { method: 'GET', route: '/api/v1/business-reports/{businessCode}/{year}/csv', url: () => `/api/v1/business-reports/${business.businessCode}/2026/csv` },
  { method: 'GET', route: '/api/v1/business-reports/{businessCode}/{year}/pdf', url: () => `/api/v1/business-reports/${business.businessCode}/2026/pdf` },
  { method: 'GET', route: '/api/v1/business-sustainability-profiles/me/{businessCode}', url: () => `/api/v1/business-sustainability-profiles/me/${business.businessCode}` },
  { method: 'PUT', route: '/api/v1/business-sustainability-profiles/me/{businessCode}', url: () => `/api/v1/business-sustainability-profiles/me/${business.businessCode}`, body: { title: 'Guarded' } },
  // Events (events.test.ts and events-attendees.test.ts cover each call in depth).
  { method: 'POST', route: '/api/v1/business-events', url: () => '/api/v1/business-events', body: { name: 'Guarded Summit', startDate: '2026-06-01', endDate: '2026-06-02', businessCode: '' } },
  // PUT …/{id} and GET …/{businessCode} share one path in the API document (OpenAPI allows no two that differ only in a parameter's name).
  { method: 'PUT', route: '/api/v1/business-events/{idOrBusinessCode}', url: () => `/api/v1/business-events/${eventId}`, body: { name: 'Hijacked Summit' } },
  { method: 'GET', route: '/api/v1/business-events/stats/{businessCode}', url: () => `/api/v1/business-events/stats/${business.businessCode}` },
  { method: 'GET', route: '/api/v1/business-events/live/{id}', url: () => `/api/v1/business-events/live/${eventId}` },
  // The shop page (business-pages.test.ts covers each call in depth); created, changed, then deleted, in this order.
  { method: 'POST', route: '/api/v1/business-product-page-settings', url: () => '/api/v1/business-product-page-settings', body: { businessId: '', title: 'Guarded shop' } },
  { method: 'PUT', route: '/api/v1/business-product-page-settings/{id}', url: () => `/api/v1/business-product-page-settings/${business.id}`, body: { title: 'Hijacked shop' } },
  { method: 'DELETE', route: '/api/v1/business-product-page-settings/{id}', url: () => `/api/v1/business-product-page-settings/${business.id}` },
];

/** Calls the owner and the business's members may make, and nobody else. */
const memberOrOwner: Row[] = [
  { method: 'GET', route: '/api/v1/business-events/{idOrBusinessCode}', url: () => `/api/v1/business-events/${business.businessCode}` },
  { method: 'GET', route: '/api/v1/business-product-page-settings/{id}', url: () => `/api/v1/business-product-page-settings/${business.id}` },
  // Each person's own consent to count their footprint in the emissions report.
  { method: 'GET', route: '/api/v1/business-reports/{businessCode}/sharing', url: () => `/api/v1/business-reports/${business.businessCode}/sharing` },
  { method: 'PUT', route: '/api/v1/business-reports/{businessCode}/sharing', url: () => `/api/v1/business-reports/${business.businessCode}/sharing`, body: { share: true } },
];

/** Calls about the caller's own records, or public ones: who may call them is tested in the profile and member tests. */
const selfOrPublic = [
  'POST /api/v1/business-profiles',
  'GET /api/v1/business-profiles',
  'GET /api/v1/business-profiles/user/{userId}',
  'GET /api/v1/business-profiles/profile',
  'GET /api/v1/business-profiles/slug/{slug}',
  'POST /api/v1/business-user-profiles/join',
  'GET /api/v1/business-user-profiles/user/{userId}',
  'PUT /api/v1/business-user-profiles/exit/business',
  'GET /api/v1/business-user-profiles/{id}',
  // Members and the owner save their own footprints (business-carbon.test.ts covers who may).
  'PATCH /api/v1/business-user-profiles/save-carbon-calculations',
  'GET /api/v1/business-sustainability-profiles/slug/{slug}',
  // Public by conference code (spec §6); joining and recording a footprint are the caller's own.
  'GET /api/v1/business-events',
  'GET /api/v1/business-events/event/{code}',
  'POST /api/v1/business-events/join',
  'POST /api/v1/business-event-user-carbon-foot-prints',
  // The emailed link that confirms a visitor's footprint: its token is the only key (security-event-footprints.test.ts).
  'GET /api/v1/business-event-user-carbon-foot-prints/confirm',
  // Your own footprint, or any for the business owner (events-attendees.test.ts: 403 for anyone else).
  'GET /api/v1/business-event-user-carbon-foot-prints/specific',
  'GET /api/v1/business-user-carbon-foot-prints/user/{id}',
  // Public shop pages and the products businesses offer.
  'GET /api/v1/business-product-page-settings/slug/{slug}',
  'GET /api/v1/business-products',
  'GET /api/v1/business-products/name/{name}',
  'GET /api/v1/business-products/code/{code}',
];

beforeAll(async () => {
  app = await createTestApp();
  [owner, member, stranger] = await Promise.all([quickBuyer(app), quickBuyer(app), quickBuyer(app)]);
  business = await createBusiness(app, owner.token, { name: 'Guarded Ltd' });
  const joined = await call(app, member.token, 'POST', '/api/v1/business-user-profiles/join', { businessCode: business.joinCodes.employee });
  memberId = joined.body.data.id;
  const event = await call(app, owner.token, 'POST', '/api/v1/business-events', { name: 'Guarded Gathering', startDate: '2026-05-01', endDate: '2026-05-02', businessCode: business.businessCode });
  eventId = event.body.data.id;
  // Rows that name the business in their body get it now that it exists.
  for (const row of ownerOnly) {
    const body = row.body as Record<string, unknown> | undefined;
    if (body && 'businessCode' in body) body.businessCode = business.businessCode;
    if (body && 'businessId' in body) body.businessId = business.id;
  }
});
afterAll(async () => app?.close());

describe('owner-only calls', () => {
  it.each(ownerOnly.map((row) => [`${row.method} ${row.route}`, row] as const))('%s: 401 for a visitor, 403 for a member and a stranger, 200 for the owner', async (_name, row) => {
    expect((await call(app, null, row.method, row.url(), row.body)).status).toBe(401);
    for (const person of [member, stranger]) {
      const refused = await call(app, person.token, row.method, row.url(), row.body);
      expect(refused.status, `${person === member ? 'member' : 'stranger'}: ${JSON.stringify(refused.body)}`).toBe(403);
      expect(refused.body.code).toBe('FORBIDDEN');
      expect(JSON.stringify(refused.body)).not.toContain('-SUP-');
    }
    const allowed = await call(app, owner.token, row.method, row.url(), row.body);
    expect([200, 201], JSON.stringify(allowed.body)).toContain(allowed.status);
  });

  it('leaves the business as it was after the refused writes', async () => {
    const seen = await call(app, owner.token, 'GET', `/api/v1/business-profiles/me/${business.businessCode}`);
    // The owner's own rows above wrote these; refused callers ran first and changed nothing in between.
    expect(seen.body.data.description).toBe('hijacked');
    const membership = await call(app, member.token, 'GET', `/api/v1/business-user-profiles/${memberId}`);
    expect(membership.status).toBe(200);
  });

  it('answers 404 for businesses and memberships that do not exist', async () => {
    const missing = '0190a1b2-c3d4-7e5f-8a9b-0000000000ff';
    expect((await call(app, owner.token, 'GET', `/api/v1/business-user-profiles/business/${missing}`)).status).toBe(404);
    expect((await call(app, owner.token, 'PUT', `/api/v1/business-profiles/remove/user/${missing}`)).status).toBe(404);
    expect((await call(app, owner.token, 'GET', `/api/v1/business-customer-orders?businessCode=NOPE-ABCDEF`)).status).toBe(404);
    expect((await call(app, owner.token, 'GET', `/api/v1/business-user-profiles/business/not-an-id`)).status).toBe(400);
  });
});

describe('member-or-owner calls', () => {
  // The member above was removed by the owner's own row; these calls need someone still in.
  let activeMember: Person;
  beforeAll(async () => {
    activeMember = await quickBuyer(app);
    expect((await call(app, activeMember.token, 'POST', '/api/v1/business-user-profiles/join', { businessCode: business.joinCodes.employee })).status).toBeLessThan(300);
  });

  it.each(memberOrOwner.map((row) => [`${row.method} ${row.route}`, row] as const))('%s: 401 for a visitor, 403 for a stranger, 200 for a member and the owner', async (_name, row) => {
    expect((await call(app, null, row.method, row.url(), row.body)).status).toBe(401);
    const refused = await call(app, stranger.token, row.method, row.url(), row.body);
    expect(refused.status, JSON.stringify(refused.body)).toBe(403);
    for (const person of [activeMember, owner]) {
      const allowed = await call(app, person.token, row.method, row.url(), row.body);
      expect(allowed.status, JSON.stringify(allowed.body)).toBe(200);
    }
  });
});

describe('own records', () => {
  it("lets nobody but the member and the owner read a membership, and nobody read another person's", async () => {
    expect((await call(app, stranger.token, 'GET', `/api/v1/business-user-profiles/${memberId}`)).status).toBe(404);
    expect((await call(app, owner.token, 'GET', `/api/v1/business-user-profiles/${memberId}`)).status).toBe(200);
    expect((await call(app, stranger.token, 'GET', `/api/v1/business-user-profiles/user/${member.id}`)).status).toBe(403);
    expect((await call(app, stranger.token, 'GET', `/api/v1/business-profiles/user/${owner.id}`)).status).toBe(403);
  });

  it('has a row for every business route in the API document', async () => {
    const spec = json(await app.inject({ method: 'GET', url: '/api/docs/json' }));
    const routes = Object.entries(spec.paths as Record<string, Record<string, unknown>>)
      .filter(([path]) => /^\/api\/v1\/business-/.test(path))
      .flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`));
    const covered = new Set([...[...ownerOnly, ...memberOrOwner].map((row) => `${row.method} ${row.route}`), ...selfOrPublic]);
    expect(routes.length).toBeGreaterThanOrEqual(40);
    expect(routes.filter((route) => !covered.has(route))).toEqual([]);
  });
});
