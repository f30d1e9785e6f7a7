import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { call, createBusiness } from './business-helpers.ts';
import { createTestApp } from './helper.ts';
import { quickBuyer } from './order-helpers.ts';

/**
 * A past reporting year's spend (issue 27 item 2): the owner reads and records an earlier year's
 * inputs for the emissions report without touching the business's current ones (the roll-up's).
 * Runs on PGlite and, with DATABASE_URL, on PostgreSQL.
 */
let app: FastifyInstance;
let owner: Awaited<ReturnType<typeof quickBuyer>>;
let member: Awaited<ReturnType<typeof quickBuyer>>;
let otherOwner: Awaited<ReturnType<typeof quickBuyer>>;
let business: { businessCode: string; joinCodes: { employee: string } };
const THIS_YEAR = new Date().getUTCFullYear();
const PAST_YEAR = THIS_YEAR - 1;
const inputsUrl = (year?: number | string) => `/api/v1/business-profiles/carbon-inputs/${business.businessCode}${year === undefined ? '' : `?year=${year}`}`;

beforeAll(async () => {
  app = await createTestApp();
  [owner, member, otherOwner] = await Promise.all([quickBuyer(app), quickBuyer(app), quickBuyer(app)]);
  business = await createBusiness(app, owner.token, { name: 'Yearbook Ltd' });
  await createBusiness(app, otherOwner.token, { name: 'Neighbour Ltd' });
  await call(app, member.token, 'POST', '/api/v1/business-user-profiles/join', { businessCode: business.joinCodes.employee });
});
afterAll(async () => app?.close());

describe('a past year of business spend', () => {
  it("records an earlier year's spend without replacing this year's, and reads each year back", async () => {
    expect((await call(app, owner.token, 'PUT', inputsUrl(), { spend: [{ naics: '541511', usd: 20_000 }] })).status).toBe(200);
    const past = await call(app, owner.token, 'PUT', inputsUrl(PAST_YEAR), { spend: [{ naics: '481111', usd: 10_000 }] });
    expect(past.status, JSON.stringify(past.body)).toBe(200);

    // The roll-up (this year) still holds this year's spend.
    const rollup = await call(app, owner.token, 'GET', `/api/v1/business-profiles/get/carbon-calculations?businessCode=${business.businessCode}`);
    expect(rollup.body.data.inputs.spend).toEqual([{ naics: '541511', usd: 20_000 }]);

    const pastInputs = await call(app, owner.token, 'GET', inputsUrl(PAST_YEAR));
    expect(pastInputs.status).toBe(200);
    expect(pastInputs.body.data).toMatchObject({ year: PAST_YEAR, inputs: { spend: [{ naics: '481111', usd: 10_000 }] } });
    expect(Date.parse(pastInputs.body.data.updatedAt)).toBeGreaterThan(0);
    expect((await call(app, owner.token, 'GET', inputsUrl())).body.data).toMatchObject({ year: THIS_YEAR, inputs: { spend: [{ naics: '541511', usd: 20_000 }] } });
    expect((await call(app, owner.token, 'GET', inputsUrl(2019))).body.data).toEqual({ year: 2019, inputs: null, updatedAt: null });

    // Each year's report reads its own year's spend: flights in the past year, software this year.
    const pastReport = await call(app, owner.token, 'GET', `/api/v1/business-reports/${business.businessCode}/${PAST_YEAR}`);
    expect(pastReport.body.data.lines.filter((l: { source: string }) => l.source === 'spend').map((l: { usd: number }) => l.usd)).toEqual([10_000]);
    const thisReport = await call(app, owner.token, 'GET', `/api/v1/business-reports/${business.businessCode}/${THIS_YEAR}`);
    expect(thisReport.body.data.lines.filter((l: { source: string }) => l.source === 'spend').map((l: { usd: number }) => l.usd)).toEqual([20_000]);

    // Clearing the past year leaves this year alone.
    expect((await call(app, owner.token, 'PUT', inputsUrl(PAST_YEAR), { spend: [] })).status).toBe(200);
    expect((await call(app, owner.token, 'GET', inputsUrl(PAST_YEAR))).body.data.inputs).toBeNull();
    expect((await call(app, owner.token, 'GET', inputsUrl())).body.data.inputs.spend).toEqual([{ naics: '541511', usd: 20_000 }]);
  });

  it('answers years that are not a past or current year with a 400 naming the year', async () => {
    for (const year of [THIS_YEAR + 1, 'abcd', 1999, '2025.5', '%00']) {
      const answer = await call(app, owner.token, 'GET', inputsUrl(year));
      expect(answer.status, `${year}: ${JSON.stringify(answer.body)}`).toBe(400);
      expect(JSON.stringify(answer.body)).toContain('year');
    }
  });

  it("refuses a member and another business's owner, and answers an unknown business with 404", async () => {
    expect((await call(app, member.token, 'GET', inputsUrl(PAST_YEAR))).status).toBe(403);
    expect((await call(app, otherOwner.token, 'GET', inputsUrl(PAST_YEAR))).status).toBe(403);
    expect((await call(app, null, 'GET', inputsUrl(PAST_YEAR))).status).toBe(401);
    expect((await call(app, owner.token, 'GET', `/api/v1/business-profiles/carbon-inputs/ZZZZZZZZ?year=${PAST_YEAR}`)).status).toBe(404);
  });
});
