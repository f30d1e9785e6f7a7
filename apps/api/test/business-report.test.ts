import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { parse } from 'csv-parse/sync';
import { and, eq, gte, inArray, lt } from 'drizzle-orm';
import type { BusinessReport } from '@app/contract/business-carbon';
import { businessCarbonSaves, businessEventFootprints, businessMemberFootprints, certificates } from '../src/db/schema/index.ts';
import { call, createBusiness } from './business-helpers.ts';
import { certificatesOfOrder, insertOrderWithLines, issue } from './certificate-helpers.ts';
import { bearer } from './auth-helpers.ts';
import { createTestApp } from './helper.ts';
import { quickBuyer } from './order-helpers.ts';
import { pdfPageTexts } from './pdf-text.ts';

/**
 * The business emissions report (issue 27 item 2): its sums checked against the rows it is built
 * from (certificates, event footprints, members' saved footprints), void certificates left out,
 * the calendar-year boundaries to the millisecond, the CSV and the PDF page by page, and who may
 * read it. Runs on PGlite and, with DATABASE_URL, on PostgreSQL.
 */
let app: FastifyInstance;
type Person = Awaited<ReturnType<typeof quickBuyer>>;
let owner: Person;
let member: Person;
let quietMember: Person;
let stranger: Person;
let otherOwner: Person;
let business: { id: string; businessCode: string; name: string; joinCodes: { employee: string } };
let otherBusiness: { id: string; businessCode: string };
let memberId: string;
const YEAR = 2025;
const report = (code: string, year: number | string, suffix = '') => `/api/v1/business-reports/${encodeURIComponent(code)}/${year}${suffix}`;
const serials: { in: string[]; out: string[]; void: string[] } = { in: [], out: [], void: [] };
const HOSTILE_EVENT = '=HYPERLINK("http://evil.test","x")';

async function certificateAt(businessId: string | null, tonnes: number, issuedAt: string, options: { void?: boolean; conferanceCode?: string } = {}) {
  const offset = app.catalog.snapshot().products.find((p) => p.kind === 'offset')!;
  const orderId = await insertOrderWithLines(app, { userId: owner.id, businessId, lines: [{ productId: offset.id, quantity: tonnes }] });
  if (options.conferanceCode) await app.database.db.execute(`update orders set conferance_code = '${options.conferanceCode}', kind = 'event' where id = '${orderId}'` as never);
  await issue(app, orderId);
  const [cert] = await certificatesOfOrder(app, orderId);
  await app.database.db.update(certificates).set({ issuedAt: new Date(issuedAt), ...(options.void ? { status: 'void' as const } : {}) }).where(eq(certificates.id, cert.id));
  return cert.serial;
}

async function savedAt(person: Person, at: string, houseHoldMembers: number) {
  const saved = await call(app, person.token, 'PATCH', '/api/v1/business-user-profiles/save-carbon-calculations', { calculation: { kind: 'household', inputs: { country: 'GB', houseHoldMembers, publicTransportationMembers: 0, income: 'medium' } } });
  expect(saved.status, JSON.stringify(saved.body)).toBe(201);
  await app.database.db.update(businessCarbonSaves).set({ savedAt: new Date(at) }).where(eq(businessCarbonSaves.id, saved.body.data._id));
  return saved.body.data.totalKg as number;
}

beforeAll(async () => {
  app = await createTestApp({ env: { ORDER_RATE_LIMIT_MAX: '1000' } });
  [owner, member, quietMember, stranger, otherOwner] = await Promise.all(Array.from({ length: 5 }, () => quickBuyer(app)));
  business = await createBusiness(app, owner.token, { name: 'Ledger Works' });
  otherBusiness = await createBusiness(app, otherOwner.token, { name: 'Elsewhere Inc' });
  const joined = await call(app, member.token, 'POST', '/api/v1/business-user-profiles/join', { businessCode: business.joinCodes.employee });
  memberId = joined.body.data.id;
  await call(app, quietMember.token, 'POST', '/api/v1/business-user-profiles/join', { businessCode: business.joinCodes.employee });

  // MODEL.md §7 B1 for 2025; a different spend for 2026 that must not leak into 2025.
  const b1 = { spend: [{ naics: '481111', usd: 10_000 }, { naics: '721110', usd: 5_000 }, { naics: '541511', usd: 20_000 }, { naics: '722511', usd: 3_000 }] };
  expect((await call(app, owner.token, 'PUT', `/api/v1/business-profiles/carbon-inputs/${business.businessCode}?year=${YEAR}`, b1)).status).toBe(200);
  expect((await call(app, owner.token, 'PUT', `/api/v1/business-profiles/carbon-inputs/${business.businessCode}`, { spend: [{ naics: '562212', usd: 1_000 }] })).status).toBe(200);

  // Events: two in 2025 (one named like a spreadsheet formula), one on 1 January 2026.
  const events: string[] = [];
  for (const [name, startDate] of [['Spring Summit', '2025-01-01'], [HOSTILE_EVENT, '2025-12-31'], ['New Year Forum', '2026-01-01']]) {
    const created = await call(app, owner.token, 'POST', '/api/v1/business-events', { name, startDate, endDate: startDate, businessCode: business.businessCode });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    events.push(created.body.data.id);
  }
  const footprint = (eventId: string, email: string, travelKg: number, accommodationKg: number, cateringKg: number, otherKg: number) => ({
    eventId, email, inputs: {}, notes: [], factorSetYear: 2025, travelKg, accommodationKg, cateringKg, totalKg: travelKg + accommodationKg + cateringKg + otherKg,
  });
  await app.database.db.insert(businessEventFootprints).values([
    footprint(events[0], 'a@example.test', 293.5, 20.8, 6.3, 70.2),
    footprint(events[0], 'b@example.test', 1693.2, 20.8, 7.2, 70.2),
    footprint(events[1], 'c@example.test', 25.5, 0, 3.1, 0),
    footprint(events[2], 'd@example.test', 999, 99, 9, 9),
  ]);

  // Members' footprints: the member shares, the quiet member never does; saves either side of the year's ends.
  await savedAt(member, '2025-03-01T10:00:00.000Z', 3);
  await savedAt(member, '2025-12-31T23:59:59.999Z', 2); // the member's latest in 2025
  await savedAt(member, '2026-01-01T00:00:00.000Z', 4); // 2026
  await savedAt(quietMember, '2025-06-01T00:00:00.000Z', 1);
  expect((await call(app, member.token, 'PUT', `/api/v1/business-reports/${business.businessCode}/sharing`, { share: true })).status).toBe(200);

  // Certificates: at both ends of 2025, one void, one for the business's event, one a year later, one for another business.
  serials.in.push(await certificateAt(business.id, 3, '2025-01-01T00:00:00.000Z'));
  serials.in.push(await certificateAt(business.id, 2, '2025-12-31T23:59:59.999Z'));
  const springCode = (await call(app, owner.token, 'GET', `/api/v1/business-events/${business.businessCode}`)).body.data.find((e: { name: string }) => e.name === 'Spring Summit').conferanceCode;
  serials.in.push(await certificateAt(null, 4, '2025-06-15T12:00:00.000Z', { conferanceCode: springCode.toLowerCase() }));
  serials.void.push(await certificateAt(business.id, 7, '2025-05-05T00:00:00.000Z', { void: true }));
  serials.out.push(await certificateAt(business.id, 11, '2026-01-01T00:00:00.000Z'));
  serials.out.push(await certificateAt(otherBusiness.id, 13, '2025-05-05T00:00:00.000Z'));
});
afterAll(async () => app?.close());

async function fetchReport(year = YEAR): Promise<BusinessReport> {
  const answer = await call(app, owner.token, 'GET', report(business.businessCode, year));
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data;
}

describe('the report for a year', () => {
  it('sums exactly the certificates, event footprints and shared footprints of that year', async () => {
    const data = await fetchReport();
    const db = app.database.db;
    const start = new Date(Date.UTC(YEAR, 0, 1));
    const end = new Date(Date.UTC(YEAR + 1, 0, 1));

    // Retired: what the register holds for these serials, valid ones only.
    const held = await db.select().from(certificates).where(inArray(certificates.serial, [...serials.in, ...serials.void, ...serials.out]));
    const validIn = held.filter((c) => c.status === 'valid' && c.issuedAt >= start && c.issuedAt < end && serials.in.includes(c.serial));
    expect(data.retired.certificates.map((c) => c.serial).sort()).toEqual([...serials.in].sort());
    expect(data.retired.tonnes).toBe(validIn.reduce((t, c) => t + c.tonnesMilli, 0) / 1000);
    expect(data.retired.tonnes).toBe(9);
    expect(data.retired.voidExcluded).toBe(1);
    expect(data.totals.retiredKg).toBe(9_000);
    expect(data.retired.byMonth[0]).toBe(3);
    expect(data.retired.byMonth[5]).toBe(4);
    expect(data.retired.byMonth[11]).toBe(2);
    expect(data.retired.certificates[0]).toMatchObject({ status: 'valid', beneficiaryType: 'business' });

    // Events: the rows of the 2025 events, from the database.
    const eventRows = await db.select().from(businessEventFootprints).where(inArray(businessEventFootprints.eventId, data.events.map((e) => e.eventId)));
    expect(data.events.map((e) => e.name)).toEqual(['Spring Summit', HOSTILE_EVENT]);
    const eventsKg = eventRows.reduce((t, r) => t + r.totalKg, 0);
    expect(data.events.reduce((t, e) => t + e.totalKg, 0)).toBeCloseTo(eventsKg, 6);
    expect(eventsKg).toBeCloseTo(390.8 + 1_791.4 + 28.6, 6);

    // Operations: B1 (13,269.0 kg), split by category; the 2026 waste spend is not here.
    expect(data.operations.kg).toBeCloseTo(13_269, 1);
    const cat = (key: string) => data.categories.find((c) => c.category === key)?.kg ?? 0;
    const eventTravelAndStays = eventRows.reduce((t, r) => t + r.travelKg + r.accommodationKg, 0);
    expect(cat('scope3.6')).toBeCloseTo(9_760 + 915 + eventTravelAndStays, 6);
    expect(cat('scope3.1')).toBeCloseTo(1_940 + 654 + eventsKg - eventTravelAndStays, 6);
    expect(cat('scope3.5')).toBe(0);
    expect(data.lines.find((l) => l.label.includes('NAICS 481111'))).toMatchObject({ category: 'scope3.6', usd: 10_000, kgPerUsd: 0.976, factorYear: 2021 });

    // Members: only the sharer's latest 2025 save; the quiet member is counted as not shared.
    const [latest] = await db
      .select({ totalKg: businessMemberFootprints.totalKg })
      .from(businessCarbonSaves)
      .innerJoin(businessMemberFootprints, eq(businessMemberFootprints.id, businessCarbonSaves.memberFootprintId))
      .where(and(eq(businessCarbonSaves.userId, member.id), gte(businessCarbonSaves.savedAt, start), lt(businessCarbonSaves.savedAt, end)))
      .orderBy(businessCarbonSaves.savedAt)
      .then((rows) => rows.slice(-1));
    expect(data.members).toMatchObject({ shared: 1, notShared: 1, kg: latest.totalKg });
    expect(latest.totalKg).toBeCloseTo(14_663.2, 1); // MODEL.md §4 H1: a medium UK household of two

    expect(data.totals.inventoryKg).toBeCloseTo(13_269 + eventsKg, 6);
    expect(data.totals.grossKg).toBeCloseTo(data.totals.inventoryKg + latest.totalKg, 6);
    expect(data.totals.netInventoryKg).toBeCloseTo(data.totals.inventoryKg - 9_000, 6);
    expect(data.totals.netKg).toBeCloseTo(data.totals.grossKg - 9_000, 6);
    expect(data.method.join(' ')).toContain('void');
    expect(data.sources.map((s) => `${s.name} ${s.year}`).join('|')).toMatch(/USEEIO.* 2021/);
  });

  it('puts the next year at 00:00 UTC on 1 January in the next report', async () => {
    const next = await fetchReport(2026);
    expect(next.retired.certificates.map((c) => c.serial)).toEqual([serials.out[0]]);
    expect(next.retired.voidExcluded).toBe(0);
    expect(next.events.map((e) => e.name)).toEqual(['New Year Forum']);
    expect(next.categories.find((c) => c.category === 'scope3.5')?.kg).toBeCloseTo(10_989, 6);
    expect(next.members.kg).toBeGreaterThan(0);
  });

  it('counts a footprint only while its owner shares it, and an empty year reads as empty', async () => {
    expect((await call(app, member.token, 'PUT', `/api/v1/business-reports/${business.businessCode}/sharing`, { share: false })).body.data.share).toBe(false);
    const withdrawn = await fetchReport();
    expect(withdrawn.members).toMatchObject({ shared: 0, notShared: 2, kg: 0 });
    expect((await call(app, member.token, 'PUT', `/api/v1/business-reports/${business.businessCode}/sharing`, { share: true })).body.data.share).toBe(true);
    const empty = await fetchReport(2019);
    expect(empty).toMatchObject({ lines: [], categories: [], events: [], totals: { inventoryKg: 0, netKg: 0 }, operations: { recorded: false } });
  });
});

describe('downloads', () => {
  it('CSV: the same figures, a row per certificate, no void serial, formulas defused', async () => {
    const response = await app.inject({ method: 'GET', url: report(business.businessCode, YEAR, '/csv'), headers: bearer(owner.token) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toContain(`emissions-report-${business.businessCode.toLowerCase()}-${YEAR}.csv`);
    const rows = parse(response.body, { columns: true, bom: true }) as Array<Record<string, string>>;
    const data = await fetchReport();
    expect(rows.filter((r) => r.section === 'certificate').map((r) => r.serial).sort()).toEqual([...serials.in].sort());
    expect(response.body).not.toContain(serials.void[0]);
    const total = (item: string) => Number(rows.find((r) => r.section === 'total' && r.item.startsWith(item))!.kg_co2e);
    expect(total('Inventory')).toBeCloseTo(data.totals.inventoryKg, 1);
    expect(total('Retired')).toBe(9_000);
    expect(total('Net: gross')).toBeCloseTo(data.totals.netKg, 1);
    expect(rows.filter((r) => r.section === 'inventory').reduce((t, r) => t + Number(r.kg_co2e), 0)).toBeCloseTo(data.totals.inventoryKg, 0);
    const hostile = rows.find((r) => r.item.includes('HYPERLINK'))!;
    expect(hostile.item.startsWith("'=")).toBe(true);
    expect(rows.find((r) => r.section === 'note')!.item).toContain('1 void certificate');
  });

  it('PDF: four pages, each with its own part of the report', async () => {
    const response = await app.inject({ method: 'GET', url: report(business.businessCode, YEAR, '/pdf'), headers: bearer(owner.token) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const pages = await pdfPageTexts(response.rawPayload);
    expect(pages).toHaveLength(4);
    pages.forEach((text, i) => {
      expect(text).toContain(`Page ${i + 1} of 4`);
      expect(text).toContain('Ledger Works - Emissions report 2025');
    });
    const [summary, inventory, retired, method] = pages;
    expect(summary).toContain('Emissions report 2025');
    expect(summary).toContain('Period 2025-01-01 to 2025-12-31');
    expect(summary).toContain('Scope 3, category 6: Business travel');
    expect(summary).toContain('9.00 t'); // retired
    expect(summary).toMatch(/Net \(gross - retired\)/);
    expect(inventory).toContain('Inventory by category');
    expect(inventory).toContain('Scheduled Passenger Air Transportation (NAICS 481111)');
    expect(inventory).toContain('Spring Summit (2025-01-01): attendee travel');
    expect(inventory).toContain('1 person shared their footprint for this report; 1 person saved one without sharing it and is not counted.');
    expect(retired).toContain('Offsets retired');
    expect(retired).toContain('Tonnes retired by month');
    for (const serial of serials.in) expect(retired).toContain(serial);
    expect(retired).not.toContain(serials.void[0]);
    expect(retired).toContain('1 void (refunded) certificate is not counted');
    expect(method).toContain('Method and sources');
    expect(method).toContain('US EPA Supply Chain GHG Emission Factors v1.2');
    expect(method).toContain('Scope 3, category 7: Employee commuting');
  });
});

describe('who may read it', () => {
  const routes = (code: string, year: number | string = YEAR) => [report(code, year), report(code, year, '/csv'), report(code, year, '/pdf')];

  it('the owner and members given report access; not other members, strangers or another business owner', async () => {
    for (const url of routes(business.businessCode)) {
      expect((await call(app, null, 'GET', url)).status).toBe(401);
      for (const person of [member, stranger, otherOwner]) expect((await app.inject({ method: 'GET', url, headers: bearer(person.token) })).statusCode).toBe(403);
    }
    expect((await call(app, member.token, 'PUT', `/api/v1/business-profiles/update/user/${memberId}`, { reportAccess: true })).status).toBe(403);
    const granted = await call(app, owner.token, 'PUT', `/api/v1/business-profiles/update/user/${memberId}`, { reportAccess: true });
    expect(granted.body.data.reportAccess).toBe(true);
    for (const url of routes(business.businessCode)) expect((await app.inject({ method: 'GET', url, headers: bearer(member.token) })).statusCode).toBe(200);
    // The owner's own report never carries another business's figures, and theirs is refused to them.
    expect((await app.inject({ method: 'GET', url: report(otherBusiness.businessCode, YEAR), headers: bearer(owner.token) })).statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url: report('NOPE-ABCDEF', YEAR), headers: bearer(owner.token) })).statusCode).toBe(404);
    await call(app, owner.token, 'PUT', `/api/v1/business-profiles/update/user/${memberId}`, { reportAccess: false });
    expect((await app.inject({ method: 'GET', url: report(business.businessCode, YEAR), headers: bearer(member.token) })).statusCode).toBe(403);
  });

  it('answers hostile years and codes with a 400 naming the field, never a 5xx', async () => {
    const next = new Date().getUTCFullYear() + 1;
    for (const year of ['abcd', '1999', '99999', '-2025', '2025.5', '0x7e9', '%00', 'null', '2025%20OR%201=1', String(next), '1e3']) {
      const answer = await app.inject({ method: 'GET', url: `/api/v1/business-reports/${business.businessCode}/${year}`, headers: bearer(owner.token) });
      expect(answer.statusCode, `${year}: ${answer.body}`).toBe(400);
      expect(answer.body).toContain('year');
    }
    for (const code of ['%27%3B--', 'x'.repeat(500), '%F0%9F%92%A9']) {
      const answer = await app.inject({ method: 'GET', url: `/api/v1/business-reports/${code}/${YEAR}`, headers: bearer(owner.token) });
      expect(answer.statusCode, answer.body).toBeGreaterThanOrEqual(400);
      expect(answer.statusCode, answer.body).toBeLessThan(500);
    }
    const badShare = await call(app, member.token, 'PUT', `/api/v1/business-reports/${business.businessCode}/sharing`, { share: 'yes' });
    expect(badShare.status).toBe(400);
    expect((await call(app, stranger.token, 'PUT', `/api/v1/business-reports/${business.businessCode}/sharing`, { share: true })).status).toBe(403);
    expect((await call(app, owner.token, 'PUT', `/api/v1/business-profiles/carbon-inputs/${business.businessCode}?year=${next}`, { spend: [] })).status).toBe(400);
  });

  it('twenty sharing switches at once leave one answer standing', async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => call(app, member.token, 'PUT', `/api/v1/business-reports/${business.businessCode}/sharing`, { share: i % 2 === 0 })));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    const state = await call(app, member.token, 'GET', `/api/v1/business-reports/${business.businessCode}/sharing`);
    expect(typeof state.body.data.share).toBe('boolean');
    const data = await fetchReport();
    expect(data.members.shared).toBe(state.body.data.share ? 1 : 0);
  });
});
