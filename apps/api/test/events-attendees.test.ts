import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { calculateEvent } from '@app/contract';
import { call } from './business-helpers.ts';
import { mailTo, tokenIn } from './auth-helpers.ts';
import { createEvents, setUpEvents, type CreatedEvent, type EventsSetup, type Person } from './events-helpers.ts';
import { quickBuyer } from './order-helpers.ts';

/**
 * Business events, the attendees' side (spec §7 Events, §6 roles): people join an event by its
 * conference code and record footprints (signed in or as visitors), and the owner sees the
 * figures. Creating, editing and reading events: events.test.ts.
 *
 * The tests run in order and build on each other: the member who joins is the attendee the
 * owner's figures count, with the footprints recorded before them.
 */
let setup: EventsSetup;
let app: FastifyInstance;
let owner: Person;
let member: Person;
let stranger: Person;
let otherOwner: Person;
let business: EventsSetup['business'];
let otherBusiness: EventsSetup['otherBusiness'];
let event: CreatedEvent;
const visitorEmail = 'visitor.one@example.com';

const inputs = { travel: [{ mode: 'rail', distanceKm: 100, roundTrip: true }], hotel: [{ country: 'GB', nights: 2 }], meals: [{ type: 'vegan', count: 3 }] };
const expected = calculateEvent({ attendees: [{ count: 1, ...inputs } as never], radiativeForcing: true });

beforeAll(async () => {
  setup = await setUpEvents();
  ({ app, owner, member, stranger, otherOwner, business, otherBusiness } = setup);
  // The three events events.test.ts would have made by now; the stats count them all.
  event = await createEvents(setup);
});
afterAll(async () => {
  await setup?.close();
});

describe('POST /api/v1/business-events/join', () => {
  it('joins once; joining again answers the same place', async () => {
    const joined = await call(app, member.token, 'POST', '/api/v1/business-events/join', { conferanceCode: event.conferanceCode.toLowerCase() });
    expect(joined.status, JSON.stringify(joined.body)).toBe(201);
    expect(joined.body.data).toMatchObject({ eventId: event.id, userId: member.id, conferanceCode: event.conferanceCode });
    expect(joined.body.data.event.attendeeCount).toBe(1);
    const again = await call(app, member.token, 'POST', '/api/v1/business-events/join', { conferanceCode: event.conferanceCode });
    expect(again.status).toBe(200);
    expect(again.body.data._id).toBe(joined.body.data._id);
    const seen = await call(app, null, 'GET', `/api/v1/business-events/event/${event.conferanceCode}`);
    expect(seen.body.data.attendeeCount).toBe(1);
    expect(seen.body.data).not.toHaveProperty('joined');
    expect((await call(app, member.token, 'GET', `/api/v1/business-events/event/${event.conferanceCode}`)).body.data.joined).toBe(true);
    expect((await call(app, stranger.token, 'GET', `/api/v1/business-events/event/${event.conferanceCode}`)).body.data.joined).toBe(false);
  });

  it('refuses visitors, unknown codes and bad bodies', async () => {
    expect((await call(app, null, 'POST', '/api/v1/business-events/join', { conferanceCode: event.conferanceCode })).status).toBe(401);
    expect((await call(app, stranger.token, 'POST', '/api/v1/business-events/join', { conferanceCode: 'NOPE-ABCDEF' })).status).toBe(404);
    expect((await call(app, stranger.token, 'POST', '/api/v1/business-events/join', {})).status).toBe(400);
    expect((await call(app, stranger.token, 'POST', '/api/v1/business-events/join', { conferanceCode: 'x'.repeat(41) })).status).toBe(400);
  });
});

describe('attendee footprints', () => {
  const url = '/api/v1/business-event-user-carbon-foot-prints';

  it('records a signed-in attendee’s footprint with the event model, then replaces it on a second submission', async () => {
    const first = await call(app, member.token, 'POST', url, { conferanceCode: event.conferanceCode, inputs });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body.data).toMatchObject({ email: member.email, userId: member.id, conferanceCode: event.conferanceCode, businessCode: business.businessCode, unit: 'kg CO2e' });
    expect(first.body.data.totalKg).toBeCloseTo(expected.total, 9);
    expect(first.body.data.breakdown.travel).toBeCloseTo(expected.breakdown.travel, 9);
    expect(first.body.data.breakdown.accommodation).toBeCloseTo(expected.breakdown.accommodation, 9);
    expect(first.body.data.breakdown.catering).toBeCloseTo(expected.breakdown.catering, 9);
    const second = await call(app, member.token, 'POST', url, { conferanceCode: event.conferanceCode, inputs: { meals: [{ type: 'vegan', count: 1 }] } });
    expect(second.status).toBe(200);
    expect(second.body.data._id).toBe(first.body.data._id);
    expect(second.body.data.breakdown.travel).toBe(0);
    await call(app, member.token, 'POST', url, { conferanceCode: event.conferanceCode, inputs });
  });

  it('takes a visitor’s footprint with an email once the address confirms it, and keeps one per email', async () => {
    // Waiting for the address (issue 23 item 5; security-event-footprints.test.ts): 202, counted after the link.
    const recorded = await call(app, null, 'POST', url, { conferanceCode: event.conferanceCode, email: 'Visitor.One@Example.com', name: 'Vera Visitor', inputs });
    expect(recorded.status, JSON.stringify(recorded.body)).toBe(202);
    expect(recorded.body.data).toMatchObject({ email: visitorEmail, userId: null, name: 'Vera Visitor', confirmed: false });
    const again = await call(app, null, 'POST', url, { conferanceCode: event.conferanceCode, email: visitorEmail, inputs: { meals: [{ type: 'standard', count: 2 }] } });
    expect(again.status).toBe(202);
    await call(app, null, 'POST', url, { conferanceCode: event.conferanceCode, email: visitorEmail, name: 'Vera Visitor', inputs });
    // Only the newest link works, and it counts the newest values.
    const links = (await mailTo(app, visitorEmail)).filter((m) => m.template === 'event-footprint-confirm');
    expect(links).toHaveLength(3);
    expect((await app.inject({ url: `${url}/confirm?tk=${tokenIn(links[1]!)}`, headers: { accept: 'application/json' } })).statusCode).toBe(410);
    const confirmed = await app.inject({ url: `${url}/confirm?tk=${tokenIn(links[0]!)}`, headers: { accept: 'text/html' } });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.body).toContain('Your footprint is confirmed');
    // A fourth confirmation mail within the hour is refused: a visitor cannot flood someone's inbox.
    expect((await call(app, null, 'POST', url, { conferanceCode: event.conferanceCode, email: visitorEmail, inputs })).status).toBe(429);
  });

  it('refuses: no email as a visitor, a visitor overwriting an account holder, another email when signed in, bad inputs, unknown codes', async () => {
    expect((await call(app, null, 'POST', url, { conferanceCode: event.conferanceCode, inputs })).body.fields).toHaveProperty('email');
    // A visitor using an account holder's address is answered as any visitor (nothing tells them a record exists); the link then refuses.
    const takeover = await call(app, null, 'POST', url, { conferanceCode: event.conferanceCode, email: member.email, inputs: { meals: [] } });
    expect(takeover.status).toBe(202);
    const [link] = (await mailTo(app, member.email)).filter((m) => m.template === 'event-footprint-confirm');
    expect((await app.inject({ url: `${url}/confirm?tk=${tokenIn(link!)}`, headers: { accept: 'application/json' } })).statusCode).toBe(409);
    expect((await call(app, stranger.token, 'POST', url, { conferanceCode: event.conferanceCode, email: visitorEmail, inputs })).status).toBe(400);
    const bad: unknown[] = [
      { meals: [{ type: 'caviar', count: 1 }] },
      { hotel: [{ country: 'GB', nights: -1 }] },
      { hotel: [{ country: 'ZZ', nights: 1 }] },
      { travel: [{ mode: 'flight', from: 'XXX', to: 'LHR' }] },
      { travel: [{ mode: 'rail' }] },
      { travel: Array.from({ length: 21 }, () => ({ mode: 'rail', distanceKm: 1 })) },
      { sneaky: true },
    ];
    for (const body of bad) {
      const refused = await call(app, member.token, 'POST', url, { conferanceCode: event.conferanceCode, inputs: body });
      expect(refused.status, JSON.stringify(body)).toBe(400);
    }
    expect((await call(app, null, 'POST', url, { conferanceCode: event.conferanceCode, email: 'not-an-email', inputs })).status).toBe(400);
    expect((await call(app, null, 'POST', url, { conferanceCode: 'NOPE-ABCDEF', email: visitorEmail, inputs })).status).toBe(404);
    expect((await call(app, null, 'POST', url, [1, 2])).status).toBe(400);
  });

  it('keeps one footprint per email and one place per person when submissions and joins race', async () => {
    const racer = await quickBuyer(app);
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => call(app, racer.token, 'POST', url, { conferanceCode: event.conferanceCode, inputs: { meals: [{ type: 'vegan', count: i + 1 }] } })));
    expect(answers.every((a) => a.status === 200 || a.status === 201), JSON.stringify(answers.map((a) => a.body))).toBe(true);
    expect(new Set(answers.map((a) => a.body.data._id)).size).toBe(1);
    const joins = await Promise.all(Array.from({ length: 4 }, () => call(app, racer.token, 'POST', '/api/v1/business-events/join', { conferanceCode: event.conferanceCode })));
    expect(joins.map((j) => j.status).every((s) => s === 200 || s === 201)).toBe(true);
    const live = await call(app, owner.token, 'GET', `/api/v1/business-events/live/${event.id}`);
    expect(live.body.data.attendees.filter((a: { email: string }) => a.email === racer.email)).toHaveLength(1);
    expect(live.body.data.attendeeCount).toBe(2);
    // Leave the figures the later tests expect: the racer's record goes, as a cascade would.
    await app.database.db.execute(sql`delete from business_event_footprints where email = ${racer.email}`);
    await app.database.db.execute(sql`delete from business_event_attendees where user_id = ${racer.id}`);
  });

  it('reads one footprint: your own, or any for the owner; 403 others, 401 visitors, 404 when none or the business does not match', async () => {
    const specific = (email: string, extra = '') => `${url}/specific?email=${encodeURIComponent(email)}&conferanceCode=${event.conferanceCode}${extra}`;
    const own = await call(app, member.token, 'GET', specific(member.email, `&businessCode=${business.businessCode}`));
    expect(own.status).toBe(200);
    expect(own.body.data.totalKg).toBeCloseTo(expected.total, 9);
    expect((await call(app, owner.token, 'GET', specific(visitorEmail))).status).toBe(200);
    expect((await call(app, stranger.token, 'GET', specific(member.email))).status).toBe(403);
    expect((await call(app, otherOwner.token, 'GET', specific(member.email))).status).toBe(403);
    expect((await call(app, null, 'GET', specific(member.email))).status).toBe(401);
    expect((await call(app, stranger.token, 'GET', specific(stranger.email))).status).toBe(404);
    expect((await call(app, member.token, 'GET', specific(member.email, `&businessCode=${otherBusiness.businessCode}`))).status).toBe(404);
    expect((await call(app, member.token, 'GET', `${url}/specific?conferanceCode=${event.conferanceCode}`)).status).toBe(400);
  });
});

describe("the owner's figures", () => {
  it('stats: per event attendees, footprints and totals by component (owner only)', async () => {
    const stats = await call(app, owner.token, 'GET', `/api/v1/business-events/stats/${business.businessCode}?page=1&size=10`);
    expect(stats.status, JSON.stringify(stats.body)).toBe(200);
    const row = stats.body.data.find((r: { event: { id: string } }) => r.event.id === event.id);
    expect(row).toMatchObject({ attendeeCount: 1, footprintCount: 2 });
    expect(row.totalKg).toBeCloseTo(2 * expected.total, 6);
    expect(row.perAttendeeKg).toBeCloseTo(expected.total, 6);
    expect(row.breakdown.catering).toBeCloseTo(2 * expected.breakdown.catering, 6);
    expect(stats.body.meta.total).toBe(3);
    for (const person of [member, stranger, otherOwner]) expect((await call(app, person.token, 'GET', `/api/v1/business-events/stats/${business.businessCode}`)).status).toBe(403);
    expect((await call(app, null, 'GET', `/api/v1/business-events/stats/${business.businessCode}`)).status).toBe(401);
    expect((await call(app, owner.token, 'GET', '/api/v1/business-events/stats/NOPE-ABCDEF')).status).toBe(404);
  });

  it('live view: every attendee with their footprint, total and per attendee (owner only)', async () => {
    const live = await call(app, owner.token, 'GET', `/api/v1/business-events/live/${event.id}`);
    expect(live.status, JSON.stringify(live.body)).toBe(200);
    const data = live.body.data;
    expect(data.totalKg).toBeCloseTo(2 * expected.total, 6);
    const emails = data.attendees.map((a: { email: string }) => a.email).sort();
    expect(emails).toEqual([member.email, visitorEmail].sort());
    const joined = data.attendees.find((a: { email: string }) => a.email === member.email);
    expect(joined.joinedAt).not.toBeNull();
    expect(joined.footprint.totalKg).toBeCloseTo(expected.total, 9);
    expect(data.truncated).toBe(false);
    for (const person of [member, stranger, otherOwner]) expect((await call(app, person.token, 'GET', `/api/v1/business-events/live/${event.id}`)).status).toBe(403);
    expect((await call(app, owner.token, 'GET', '/api/v1/business-events/live/0190a1b2-c3d4-7e5f-8a9b-0000000000ff')).status).toBe(404);
  });

  it("member footprints: the member themself or their business owner; nobody else", async () => {
    const url = `/api/v1/business-user-carbon-foot-prints/user/${member.id}`;
    const own = await call(app, member.token, 'GET', url);
    expect(own.status).toBe(200);
    expect(own.body.data).toHaveLength(1);
    expect(own.body.data[0]).toMatchObject({ source: 'event', businessCode: business.businessCode, event: { _id: event.id, conferanceCode: event.conferanceCode } });
    expect((await call(app, owner.token, 'GET', url)).body.data).toHaveLength(1);
    expect((await call(app, stranger.token, 'GET', url)).status).toBe(403);
    expect((await call(app, otherOwner.token, 'GET', url)).status).toBe(403);
    expect((await call(app, owner.token, 'GET', `/api/v1/business-user-carbon-foot-prints/user/${stranger.id}`)).status).toBe(403);
    expect((await call(app, null, 'GET', url)).status).toBe(401);
    expect((await call(app, member.token, 'GET', '/api/v1/business-user-carbon-foot-prints/user/not-an-id')).status).toBe(400);
  });
});
