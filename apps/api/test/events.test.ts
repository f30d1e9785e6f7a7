import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { call } from './business-helpers.ts';
import { eventFields, fieldParts, image, setUpEvents, type CreatedEvent, type EventsSetup, type Person } from './events-helpers.ts';
import { json } from './helper.ts';
import { multipartBody, PNG_BYTES } from './upload-helpers.ts';

/**
 * Business events (spec §7 Events, §6 roles): the owner creates and edits events with an image,
 * members read them and visitors read one by conference code. Every call, who may call it, bad
 * input and multipart faults. Joining, footprints and the owner's figures: events-attendees.test.ts.
 *
 * The tests run in order and build on each other: the first creates the event the later ones use.
 */
let setup: EventsSetup;
let app: FastifyInstance;
let owner: Person;
let member: Person;
let stranger: Person;
let otherOwner: Person;
let business: EventsSetup['business'];
let otherBusiness: EventsSetup['otherBusiness'];
let form: EventsSetup['form'];
let sendRaw: EventsSetup['sendRaw'];
let stored: EventsSetup['stored'];
let event: CreatedEvent;
const fields = eventFields;

beforeAll(async () => {
  setup = await setUpEvents();
  ({ app, owner, member, stranger, otherOwner, business, otherBusiness, form, sendRaw, stored } = setup);
});
afterAll(async () => {
  await setup?.close();
});

describe('POST /api/v1/business-events', () => {
  it('creates an event from multipart fields and an image, with a readable conference code', async () => {
    const created = await form('POST', '/api/v1/business-events', owner.token, [...fieldParts(fields), image()]);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const data = created.body.data;
    expect(data).toMatchObject({ name: fields.name, startDate: '2026-05-04', endDate: '2026-05-05', country: 'GB', expectedAttendees: 250, businessCode: business.businessCode, businessName: 'Greenleaf Events', attendeeCount: 0 });
    expect(data.conferanceCode).toMatch(/^CLIMATESUM-[2-9A-HJKMNP-Z]{6}$/);
    expect(data.imageUrl).toMatch(/^\/uploads\/[a-f0-9]{32}\.png$/);
    const served = await app.inject({ method: 'GET', url: data.imageUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    event = data;
  });

  it('creates without an image, as JSON too, and draws a different code each time', async () => {
    const created = await call(app, owner.token, 'POST', '/api/v1/business-events', { name: 'Climate Summit 2026', startDate: '2026-06-01', endDate: '2026-06-01' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data.imageUrl).toBe('');
    expect(created.body.data.conferanceCode).not.toBe(event.conferanceCode);
    const named = await call(app, owner.token, 'POST', '/api/v1/business-events', { name: '!!', startDate: '2026-06-01', endDate: '2026-06-02', businessCode: business.businessCode.toLowerCase() });
    expect(named.status).toBe(201);
    expect(named.body.data.conferanceCode).toMatch(/^EVENT-/);
  });

  it('is for business owners only: visitors 401, members and people without a business 403, another business 403, unknown 404', async () => {
    const before = (await stored());
    expect((await form('POST', '/api/v1/business-events', null, [...fieldParts(fields), image()])).status).toBe(401);
    for (const person of [member, stranger]) {
      const refused = await form('POST', '/api/v1/business-events', person.token, [...fieldParts(fields), image()]);
      expect(refused.status).toBe(403);
      expect(refused.body.code).toBe('FORBIDDEN');
    }
    expect((await call(app, owner.token, 'POST', '/api/v1/business-events', { ...fields, businessCode: otherBusiness.businessCode })).status).toBe(403);
    expect((await call(app, owner.token, 'POST', '/api/v1/business-events', { ...fields, businessCode: 'NOPE-ABCDEF' })).status).toBe(404);
    expect((await stored())).toBe(before);
  });

  it('refuses bad fields with 400 and the field named, storing no image', async () => {
    const before = (await stored());
    const cases: Array<[Record<string, string>, string]> = [
      [{ ...fields, name: '' }, 'name'],
      [{ ...fields, endDate: '2026-05-01' }, 'endDate'],
      [{ ...fields, startDate: '2026-02-30' }, 'startDate'],
      [{ ...fields, startDate: 'tomorrow' }, 'startDate'],
      [{ ...fields, expectedAttendees: 'lots' }, 'expectedAttendees'],
      [{ ...fields, expectedAttendees: '-3' }, 'expectedAttendees'],
      [{ ...fields, country: 'GBR' }, 'country'],
      [{ ...fields, name: '<script>alert(1)</script>' }, 'name'],
      [{ ...fields, description: 'x'.repeat(4001) }, 'description'],
    ];
    for (const [values, field] of cases) {
      const refused = await form('POST', '/api/v1/business-events', owner.token, [...fieldParts(values), image()]);
      expect(refused.status, `${field}: ${JSON.stringify(refused.body)}`).toBe(400);
      expect(Object.keys(refused.body.fields ?? {}), field).toContain(field);
    }
    const { startDate: _s, ...noStart } = fields;
    expect((await form('POST', '/api/v1/business-events', owner.token, fieldParts(noStart))).body.fields).toHaveProperty('startDate');
    const extra = await form('POST', '/api/v1/business-events', owner.token, fieldParts({ ...fields, ownerUserId: stranger.id }));
    expect(extra.status).toBe(400);
    expect((await call(app, owner.token, 'POST', '/api/v1/business-events', { ...fields, expectedAttendees: 1.5 })).status).toBe(400);
    expect((await call(app, owner.token, 'POST', '/api/v1/business-events', [1, 2])).status).toBe(400);
    expect((await stored())).toBe(before);
  });

  it('answers multipart faults with 4xx, never 5xx: not an image, too big, two images, other file names, repeated fields, cut off, bad boundary', async () => {
    const before = (await stored());
    const svg = await form('POST', '/api/v1/business-events', owner.token, [...fieldParts(fields), image('<svg xmlns="http://www.w3.org/2000/svg"><script>x</script></svg>')]);
    expect(svg.status).toBe(415);
    const big = await form('POST', '/api/v1/business-events', owner.token, [...fieldParts(fields), image(Buffer.concat([PNG_BYTES, Buffer.alloc(2 * 1024 * 1024)]))]);
    expect(big.status).toBe(413);
    expect((await form('POST', '/api/v1/business-events', owner.token, [...fieldParts(fields), image(), image()])).status).toBe(400);
    expect((await form('POST', '/api/v1/business-events', owner.token, [...fieldParts(fields), image(PNG_BYTES, 'logo')])).status).toBe(400);
    expect((await form('POST', '/api/v1/business-events', owner.token, [...fieldParts(fields), { name: 'name', content: 'Again' }])).status).toBe(400);
    const tooMany = await form('POST', '/api/v1/business-events', owner.token, [...fieldParts(fields), ...Array.from({ length: 12 }, (_, i) => ({ name: `f${i}`, content: 'x' }))]);
    expect(tooMany.status).toBe(400);

    const whole = multipartBody([...fieldParts(fields), image()]);
    for (const cut of [whole.payload.length - 10, Math.floor(whole.payload.length / 2), 40]) {
      const truncated = await sendRaw('POST', '/api/v1/business-events', owner.token, whole.payload.subarray(0, cut), whole.headers['content-type']);
      expect(truncated.status, `cut at ${cut}: ${JSON.stringify(truncated.body)}`).toBe(400);
    }
    const noBoundary = await sendRaw('POST', '/api/v1/business-events', owner.token, whole.payload, 'multipart/form-data');
    expect(noBoundary.status).toBeGreaterThanOrEqual(400);
    expect(noBoundary.status).toBeLessThan(500);
    const garbage = await sendRaw('POST', '/api/v1/business-events', owner.token, 'this is not multipart at all', 'multipart/form-data; boundary=xyz');
    expect(garbage.status).toBe(400);
    const wrongBoundary = await sendRaw('POST', '/api/v1/business-events', owner.token, whole.payload, 'multipart/form-data; boundary=other');
    expect(wrongBoundary.status).toBe(400);
    const text = await sendRaw('POST', '/api/v1/business-events', owner.token, 'name=x', 'text/plain');
    expect(text.status).toBe(400);
    expect((await stored())).toBe(before);
  });
});

describe('PUT /api/v1/business-events/{id}', () => {
  it('lets the owner change fields as JSON, leaving the others as they were', async () => {
    const saved = await call(app, owner.token, 'PUT', `/api/v1/business-events/${event.id}`, { name: 'Climate Summit 2026 (day passes)', expectedAttendees: 300 });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data).toMatchObject({ name: 'Climate Summit 2026 (day passes)', expectedAttendees: 300, location: 'ExCeL, London', conferanceCode: event.conferanceCode, imageUrl: event.imageUrl });
  });

  it('replaces the image from a multipart form, and removes it with imageUrl ""', async () => {
    const replaced = await form('PUT', `/api/v1/business-events/${event.id}`, owner.token, [{ name: 'location', content: 'Olympia, London' }, image()]);
    expect(replaced.status, JSON.stringify(replaced.body)).toBe(200);
    expect(replaced.body.data.location).toBe('Olympia, London');
    expect(replaced.body.data.imageUrl).toMatch(/^\/uploads\/[a-f0-9]{32}\.png$/);
    expect(replaced.body.data.imageUrl).not.toBe(event.imageUrl);
    // The replaced image is gone (issue 23 item 7), so it cannot be put back.
    expect((await app.inject({ url: event.imageUrl })).statusCode).toBe(404);
    expect((await call(app, owner.token, 'PUT', `/api/v1/business-events/${event.id}`, { imageUrl: event.imageUrl })).status).toBe(400);
    expect((await call(app, owner.token, 'PUT', `/api/v1/business-events/${event.id}`, { imageUrl: `/uploads/${'a'.repeat(32)}.png` })).status).toBe(400);
    expect((await call(app, owner.token, 'PUT', `/api/v1/business-events/${event.id}`, { imageUrl: 'https://evil.example/x.png' })).status).toBe(400);
    const removed = await call(app, owner.token, 'PUT', `/api/v1/business-events/${event.id}`, { imageUrl: '' });
    expect(removed.body.data.imageUrl).toBe('');
    expect((await app.inject({ url: replaced.body.data.imageUrl })).statusCode).toBe(404);
    // Give the event an image again for the tests after this one.
    const again = await form('PUT', `/api/v1/business-events/${event.id}`, owner.token, [image()]);
    event.imageUrl = again.body.data.imageUrl;
  });

  it('checks dates against the stored ones and refuses bad input', async () => {
    const early = await call(app, owner.token, 'PUT', `/api/v1/business-events/${event.id}`, { endDate: '2026-05-01' });
    expect(early.status).toBe(400);
    expect(early.body.fields).toHaveProperty('endDate');
    expect((await call(app, owner.token, 'PUT', `/api/v1/business-events/${event.id}`, { conferanceCode: 'MINE-123456' })).status).toBe(400);
    expect((await call(app, owner.token, 'PUT', `/api/v1/business-events/${event.id}`, { name: '' })).status).toBe(400);
    const cut = multipartBody([{ name: 'name', content: 'Cut' }, image()]);
    expect((await sendRaw('PUT', `/api/v1/business-events/${event.id}`, owner.token, cut.payload.subarray(0, cut.payload.length - 20), cut.headers['content-type'])).status).toBe(400);
  });

  it('is for the owner only: 401 visitor, 403 member and another owner, 404 unknown, 400 bad id', async () => {
    expect((await call(app, null, 'PUT', `/api/v1/business-events/${event.id}`, { name: 'Hijacked' })).status).toBe(401);
    for (const person of [member, stranger, otherOwner]) expect((await call(app, person.token, 'PUT', `/api/v1/business-events/${event.id}`, { name: 'Hijacked' })).status).toBe(403);
    expect((await form('PUT', `/api/v1/business-events/${event.id}`, member.token, [{ name: 'name', content: 'Hijacked' }, image()])).status).toBe(403);
    expect((await call(app, owner.token, 'PUT', '/api/v1/business-events/0190a1b2-c3d4-7e5f-8a9b-0000000000ff', { name: 'x' })).status).toBe(404);
    expect((await call(app, owner.token, 'PUT', '/api/v1/business-events/not-an-id', { name: 'x' })).status).toBe(400);
    const seen = await call(app, null, 'GET', `/api/v1/business-events/event/${event.conferanceCode}`);
    expect(seen.body.data.name).not.toBe('Hijacked');
  });
});

describe('reading events', () => {
  it('lists the business events to the owner and members, a page at a time; 403 strangers, 401 visitors, 404 unknown', async () => {
    for (const person of [owner, member]) {
      const listed = await call(app, person.token, 'GET', `/api/v1/business-events/${business.businessCode}?page=1&size=2`);
      expect(listed.status).toBe(200);
      expect(listed.body.data).toHaveLength(2);
      expect(listed.body.meta).toEqual({ page: 1, size: 2, total: 3 });
    }
    expect((await call(app, member.token, 'GET', `/api/v1/business-events/${business.businessCode}?page=2&size=2`)).body.data).toHaveLength(1);
    expect((await call(app, stranger.token, 'GET', `/api/v1/business-events/${business.businessCode}`)).status).toBe(403);
    expect((await call(app, otherOwner.token, 'GET', `/api/v1/business-events/${business.businessCode}`)).status).toBe(403);
    expect((await call(app, null, 'GET', `/api/v1/business-events/${business.businessCode}`)).status).toBe(401);
    expect((await call(app, owner.token, 'GET', '/api/v1/business-events/NOPE-ABCDEF')).status).toBe(404);
    expect((await call(app, owner.token, 'GET', `/api/v1/business-events/${business.businessCode}?size=51`)).status).toBe(400);
    expect((await call(app, owner.token, 'GET', `/api/v1/business-events/${business.businessCode}?page=0`)).status).toBe(400);
  });

  it('shows one event to anyone by its conference code, in any letter case', async () => {
    const seen = await call(app, null, 'GET', `/api/v1/business-events/event/${event.conferanceCode.toLowerCase()}`);
    expect(seen.status).toBe(200);
    expect(seen.body.data).toMatchObject({ id: event.id, conferanceCode: event.conferanceCode, businessCode: business.businessCode });
    expect(JSON.stringify(seen.body)).not.toContain(owner.id);
    expect((await call(app, null, 'GET', '/api/v1/business-events/event/NOPE-ABCDEF')).status).toBe(404);
    expect((await call(app, null, 'GET', '/api/v1/business-events/event/%3Cscript%3E')).status).toBe(400);
    const listed = await call(app, null, 'GET', `/api/v1/business-events?conferanceCode=${event.conferanceCode}`);
    expect(listed.status).toBe(200);
    expect(listed.body.data.map((e: { id: string }) => e.id)).toEqual([event.id]);
    expect((await call(app, null, 'GET', '/api/v1/business-events?conferanceCode=NOPE-ABCDEF')).body.data).toEqual([]);
    expect((await call(app, null, 'GET', '/api/v1/business-events')).status).toBe(400);
  });
});

describe('the API document', () => {
  it('lists every events route in the API document', async () => {
    const spec = json(await app.inject({ method: 'GET', url: '/api/docs/json' }));
    const routes = Object.entries(spec.paths as Record<string, Record<string, unknown>>)
      .filter(([p]) => /business-event|business-user-carbon/.test(p))
      .flatMap(([p, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${p}`));
    expect(routes.sort()).toEqual(
      [
        'POST /api/v1/business-events',
        'GET /api/v1/business-events',
        // PUT …/{id} and GET …/{businessCode}: one path in the document (OpenAPI allows no two that differ only in a parameter's name).
        'PUT /api/v1/business-events/{idOrBusinessCode}',
        'GET /api/v1/business-events/{idOrBusinessCode}',
        'GET /api/v1/business-events/event/{code}',
        'GET /api/v1/business-events/stats/{businessCode}',
        'GET /api/v1/business-events/live/{id}',
        'POST /api/v1/business-events/join',
        'POST /api/v1/business-event-user-carbon-foot-prints',
        'GET /api/v1/business-event-user-carbon-foot-prints/confirm',
        'GET /api/v1/business-event-user-carbon-foot-prints/specific',
        'GET /api/v1/business-user-carbon-foot-prints/user/{id}',
      ].sort(),
    );
    const create = spec.paths['/api/v1/business-events'].post.requestBody.content;
    const fieldsOf = (content: Record<string, { schema?: { properties?: object } }>) => Object.keys(Object.values(content)[0]?.schema?.properties ?? {});
    expect(fieldsOf(create)).toEqual(expect.arrayContaining(['name', 'startDate', 'endDate', 'expectedAttendees']));
  });
});
