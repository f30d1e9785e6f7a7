/**
 * The data set's businesses (dataset.ts): 200, each owned by one of the first 200 users, with
 * 2–12 members from the rest (the first business exactly FIRST_BUSINESS_MEMBERS, all active),
 * and DATASET_SIZE.eventsPerBusiness events each. Draws from the data set's one generator stream,
 * after the users and orders, so the rows stay the same run after run.
 */
import type { FastifyInstance } from 'fastify';
import { businessEvents, businesses, businessMembers, users } from '../src/db/schema/index.ts';
import { BUSINESS_KINDS, BUSINESS_WORDS, CITIES, DAY, EVENT_KINDS, INDUSTRIES, SIZES, insertChunks, slugify, generator } from './dataset-generator.ts';
import type { DATASET_SIZE as DatasetSize } from './dataset.ts';

/** The first business's members: the member-list scenario reads a list of exactly this many. */
export const FIRST_BUSINESS_MEMBERS = 20;

type Database = FastifyInstance['database']['db'];
type Generator = ReturnType<typeof generator>;
type UserRow = typeof users.$inferInsert & { id: string };

/** Writes the businesses, their members and events; answers the business rows (owners first). */
export async function insertBusinesses(
  db: Database,
  g: Generator,
  userRows: readonly UserRow[],
  count: (table: string, n: number) => void,
  { epoch, size }: { epoch: number; size: typeof DatasetSize },
) {
  // Owners are the first 200 users; members come from the rest, each in one business at most.
  const businessRows: (typeof businesses.$inferInsert & { id: string })[] = [];
  const memberRows: (typeof businessMembers.$inferInsert)[] = [];
  const eventRows: (typeof businessEvents.$inferInsert)[] = [];
  const usedCodes = new Set<string>();
  const uniqueCode = (make: () => string) => {
    for (;;) {
      const candidate = make();
      if (!usedCodes.has(candidate)) {
        usedCodes.add(candidate);
        return candidate;
      }
    }
  };
  let nextMember = size.businesses;
  for (let b = 0; b < size.businesses; b += 1) {
    const owner = userRows[b]!;
    const name = `${g.pick(BUSINESS_WORDS)}${g.pick(BUSINESS_WORDS).toLowerCase()} ${g.pick(BUSINESS_KINDS)} ${b + 1}`;
    const prefix = name.toUpperCase().replace(/[^A-Z0-9]/g, '').slice(0, 10);
    const place = g.pick(CITIES);
    const createdAt = new Date((owner.createdAt as Date).getTime() + DAY);
    const businessId = g.id(createdAt.getTime());
    businessRows.push({
      id: businessId,
      ownerUserId: owner.id,
      name,
      businessCode: uniqueCode(() => `${prefix}-${g.code(6)}`),
      employeeJoinCode: uniqueCode(() => `${prefix}-EMP-${g.code(8)}`),
      supplierCode: uniqueCode(() => `${prefix}-SUP-${g.code(8)}`),
      distributorCode: uniqueCode(() => `${prefix}-DIS-${g.code(8)}`),
      businessSlug: `${slugify(name)}`,
      description: `${name} works to cut its footprint and offsets what it cannot cut yet.`,
      website: `https://${slugify(name)}.example`,
      address: { line1: `${g.int(1, 300)} Commerce Way`, city: place.city, postalCode: `${g.int(10000, 99999)}`, country: place.country },
      country: place.country,
      industry: g.pick(INDUSTRIES),
      size: g.pick(SIZES),
      createdAt,
      updatedAt: createdAt,
    });
    const memberCount = b === 0 ? FIRST_BUSINESS_MEMBERS : g.int(2, 12);
    for (let m = 0; m < memberCount && nextMember < userRows.length; m += 1) {
      const member = userRows[nextMember++]!;
      const joinedAt = new Date(createdAt.getTime() + g.int(1, 500) * DAY);
      // One in ten has left again (not in the first business: its list is the 20 active members).
      const exited = b !== 0 && g.next() < 0.1;
      const roll = g.next();
      memberRows.push({
        id: g.id(joinedAt.getTime()),
        businessId,
        userId: member.id,
        role: roll < 0.7 ? 'employee' : roll < 0.85 ? 'supplier' : 'distributor',
        status: exited ? 'exited' : 'active',
        title: g.pick(['', 'Analyst', 'Engineer', 'Designer', 'Manager', 'Buyer']),
        department: g.pick(['', 'Operations', 'Finance', 'Product', 'Sales']),
        carbonTotalKg: g.next() < 0.6 ? g.int(2_000, 20_000) + g.next() : null,
        carbonSavedAt: null,
        joinedAt,
        leftAt: exited ? new Date(joinedAt.getTime() + g.int(10, 200) * DAY) : null,
      });
    }
    for (let e = 0; e < size.eventsPerBusiness; e += 1) {
      const kind = g.pick(EVENT_KINDS);
      const eventName = `${name.replace(/ \d+$/, '')} ${kind} ${2025 + (e % 3)}`;
      const start = new Date(epoch + g.int(-400, 300) * DAY);
      const end = new Date(start.getTime() + g.int(0, 3) * DAY);
      const where = g.pick(CITIES);
      const eventPrefix = eventName.toUpperCase().replace(/[^A-Z0-9]/g, '').slice(0, 10);
      eventRows.push({
        id: g.id(createdAt.getTime() + (e + 1) * DAY),
        businessId,
        conferanceCode: uniqueCode(() => `${eventPrefix}-${g.code(6)}`),
        name: eventName,
        description: `The ${kind.toLowerCase()} of ${name}: talks, workshops and a dinner.`,
        startDate: start.toISOString().slice(0, 10),
        endDate: end.toISOString().slice(0, 10),
        location: `${where.city} Conference Centre`,
        country: where.country,
        expectedAttendees: g.int(20, 800),
        createdAt: new Date(createdAt.getTime() + (e + 1) * DAY),
        updatedAt: new Date(createdAt.getTime() + (e + 1) * DAY),
      });
    }
  }
  await insertChunks(businessRows, (chunk) => db.insert(businesses).values(chunk));
  await insertChunks(memberRows, (chunk) => db.insert(businessMembers).values(chunk));
  await insertChunks(eventRows, (chunk) => db.insert(businessEvents).values(chunk));
  count('businesses', businessRows.length);
  count('business_members', memberRows.length);
  count('events', eventRows.length);
  return businessRows;
}
