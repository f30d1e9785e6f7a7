import { and, count, desc, eq, inArray, sum } from 'drizzle-orm';
import { EVENT_LIVE_MAX_ATTENDEES, type BusinessEvent, type EventAttendance, type EventCreateFields as CreateFields, type EventLive, type EventStats, type EventUpdateFields as UpdateFields } from '@app/contract/events';
import type { Database } from '../../db/client.ts';
import { uniqueViolation } from '../../db/errors.ts';
import { businessEventAttendees, businessEventFootprints, businessEvents, businesses, users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { businessOwnedBy, findBusinessById, requireBusinessMemberOrOwner, requireBusinessOwner, type BusinessRow } from '../business/business.access.ts';
import type { ImageExtension } from '../uploads/image-type.ts';
import type { Uploads } from '../uploads/uploads.service.ts';
import { newConferanceCode } from './events.codes.ts';
import { toEvent, type EventRow } from './events.view.ts';

/** Collisions of random codes are rare; a few draws settle them. */
const MAX_DRAWS = 6;

export const eventNotFound = () => new AppError('NOT_FOUND', 'No event has this conference code; check it and try again');
const eventIdNotFound = () => new AppError('NOT_FOUND', 'Event was not found');
const invalid = (field: string, message: string) => new AppError('VALIDATION_FAILED', message, { fields: { [field]: [message] } });

export type EventImage = { bytes: Buffer; extension: ImageExtension };

/**
 * Business events (spec §7 Events): the owner creates and edits them (the owner's business is
 * checked through business.access.ts: 404 unknown, 403 not the owner); members read their
 * business's events; anyone reads one by its conference code; signed-in people join one.
 */
export function createEvents(db: Database, uploads: Uploads) {
  /** Conference codes are stored uppercase, so a typed code in any case hits the unique index. */
  async function findByCode(code: string): Promise<{ event: EventRow; business: BusinessRow } | null> {
    const [row] = await db.select({ event: businessEvents, business: businesses }).from(businessEvents).innerJoin(businesses, eq(businesses.id, businessEvents.businessId)).where(eq(businessEvents.conferanceCode, code.trim().toUpperCase())).limit(1);
    return row ?? null;
  }

  async function attendeeCounts(eventIds: string[]): Promise<Map<string, number>> {
    if (eventIds.length === 0) return new Map();
    const rows = await db.select({ eventId: businessEventAttendees.eventId, n: count() }).from(businessEventAttendees).where(inArray(businessEventAttendees.eventId, eventIds)).groupBy(businessEventAttendees.eventId);
    return new Map(rows.map((row) => [row.eventId, Number(row.n)]));
  }

  async function view(event: EventRow, business: BusinessRow): Promise<BusinessEvent> {
    return toEvent(event, business, (await attendeeCounts([event.id])).get(event.id) ?? 0);
  }

  async function page(business: BusinessRow, pageNumber: number, size: number) {
    const [rows, [counted]] = await Promise.all([
      db.select().from(businessEvents).where(eq(businessEvents.businessId, business.id)).orderBy(desc(businessEvents.startDate), desc(businessEvents.createdAt)).limit(size).offset((pageNumber - 1) * size),
      db.select({ n: count() }).from(businessEvents).where(eq(businessEvents.businessId, business.id)),
    ]);
    const counts = await attendeeCounts(rows.map((row) => row.id));
    return { rows, events: rows.map((row) => toEvent(row, business, counts.get(row.id) ?? 0)), meta: { page: pageNumber, size, total: Number(counted?.n ?? 0) } };
  }

  async function footprintTotals(eventIds: string[]) {
    if (eventIds.length === 0) return new Map<string, { n: number; total: number; travel: number; accommodation: number; catering: number }>();
    const t = businessEventFootprints;
    const rows = await db
      .select({ eventId: t.eventId, n: count(), total: sum(t.totalKg), travel: sum(t.travelKg), accommodation: sum(t.accommodationKg), catering: sum(t.cateringKg) })
      .from(t)
      .where(inArray(t.eventId, eventIds))
      .groupBy(t.eventId);
    return new Map(rows.map((row) => [row.eventId, { n: Number(row.n), total: Number(row.total ?? 0), travel: Number(row.travel ?? 0), accommodation: Number(row.accommodation ?? 0), catering: Number(row.catering ?? 0) }]));
  }

  function statsOf(event: BusinessEvent, attendeeCount: number, totals: { n: number; total: number; travel: number; accommodation: number; catering: number } | undefined): EventStats {
    const n = totals?.n ?? 0;
    const total = totals?.total ?? 0;
    return {
      event,
      attendeeCount,
      footprintCount: n,
      totalKg: total,
      perAttendeeKg: n > 0 ? total / n : 0,
      breakdown: { travel: totals?.travel ?? 0, accommodation: totals?.accommodation ?? 0, catering: totals?.catering ?? 0 },
    };
  }

  /** The event by id and its business, if the caller owns that business (404 unknown event, 403 otherwise). */
  async function ownedEvent(userId: string, eventId: string): Promise<{ event: EventRow; business: BusinessRow }> {
    const [event] = await db.select().from(businessEvents).where(eq(businessEvents.id, eventId)).limit(1);
    if (!event) throw eventIdNotFound();
    const business = await requireBusinessOwner(db, userId, { businessId: event.businessId });
    return { event, business };
  }

  /** Stores the event's image for the owner, within their allowance (uploads.service.ts). */
  async function storeImage(userId: string, image: EventImage | undefined): Promise<string | undefined> {
    return image ? uploads.save(userId, image.bytes, image.extension) : undefined;
  }

  return {
    findByCode,

    /** `POST /v1/business-events`: the owner's business (or the one named, if owned); the code is drawn here. */
    async create(userId: string, body: CreateFields, image?: EventImage): Promise<BusinessEvent> {
      const business = body.businessCode ? await requireBusinessOwner(db, userId, { businessCode: body.businessCode }) : await businessOwnedBy(db, userId);
      if (!business) throw new AppError('FORBIDDEN', 'Only business owners can create events; create your business account first');
      // The image is stored only once the caller and the fields have passed.
      const imageUrl = (await storeImage(userId, image)) ?? '';
      for (let attempt = 0; attempt < MAX_DRAWS; attempt++) {
        try {
          const [row] = await db
            .insert(businessEvents)
            .values({
              businessId: business.id,
              conferanceCode: newConferanceCode(body.name),
              name: body.name,
              description: body.description ?? '',
              startDate: body.startDate,
              endDate: body.endDate,
              location: body.location ?? '',
              country: body.country ?? '',
              expectedAttendees: body.expectedAttendees ?? null,
              imageUrl,
            })
            .returning();
          return toEvent(row!, business, 0);
        } catch (error) {
          if (!uniqueViolation(error)) throw error;
        }
      }
      await uploads.release(imageUrl);
      throw new AppError('CONFLICT', 'Could not give the event a unique conference code; please try again');
    },

    /** `PUT /v1/business-events/{id}`: only the fields sent change; dates are checked against the stored ones. */
    async update(userId: string, eventId: string, body: UpdateFields, image?: EventImage): Promise<BusinessEvent> {
      const { event, business } = await ownedEvent(userId, eventId);
      const startDate = body.startDate ?? event.startDate;
      const endDate = body.endDate ?? event.endDate;
      if (endDate < startDate) throw invalid('endDate', 'The event cannot end before it starts');
      if (body.imageUrl && !(await uploads.exists(body.imageUrl))) throw invalid('imageUrl', 'That image was not uploaded here');
      const columns: Partial<typeof businessEvents.$inferInsert> = {};
      for (const key of ['name', 'description', 'startDate', 'endDate', 'location', 'country', 'expectedAttendees', 'imageUrl'] as const) {
        if (body[key] !== undefined) (columns as Record<string, unknown>)[key] = body[key];
      }
      const stored = await storeImage(userId, image);
      if (stored) columns.imageUrl = stored;
      const [row] = await db
        .update(businessEvents)
        .set({ ...columns, updatedAt: new Date() })
        .where(and(eq(businessEvents.id, event.id), eq(businessEvents.businessId, business.id)))
        .returning();
      if (!row) {
        await uploads.release(stored);
        throw eventIdNotFound();
      }
      // Committed: the replaced or removed image goes unless something else shows it (issue 23 item 7).
      if (event.imageUrl !== row.imageUrl) await uploads.release(event.imageUrl);
      return view(row, business);
    },

    /** `GET v1/business-events/{businessCode}`: members and the owner; newest start first. */
    async listForBusiness(userId: string, businessCode: string, pageNumber: number, size: number) {
      const { business } = await requireBusinessMemberOrOwner(db, userId, { businessCode });
      const { events, meta } = await page(business, pageNumber, size);
      return { data: events, meta };
    },

    /** `GET v1/business-events/event/{code}`: public. */
    async byCode(code: string, userId?: string): Promise<BusinessEvent> {
      const found = await findByCode(code);
      if (!found) throw eventNotFound();
      const shown = await view(found.event, found.business);
      if (!userId) return shown;
      const [mine] = await db.select({ id: businessEventAttendees.id }).from(businessEventAttendees).where(and(eq(businessEventAttendees.eventId, found.event.id), eq(businessEventAttendees.userId, userId))).limit(1);
      return { ...shown, joined: Boolean(mine) };
    },

    /** `GET v1/business-events?conferanceCode=`: public; a list of the one event, or empty. */
    async listByCode(code: string): Promise<BusinessEvent[]> {
      const found = await findByCode(code);
      return found ? [await view(found.event, found.business)] : [];
    },

    /** `POST /v1/business-events/join {conferanceCode}`: once per person; joining again answers the same place. */
    async join(userId: string, code: string): Promise<{ attendance: EventAttendance; joined: boolean; event: BusinessEvent }> {
      const found = await findByCode(code);
      if (!found) throw eventNotFound();
      const [inserted] = await db.insert(businessEventAttendees).values({ eventId: found.event.id, userId }).onConflictDoNothing().returning();
      const row = inserted ?? (await db.select().from(businessEventAttendees).where(and(eq(businessEventAttendees.eventId, found.event.id), eq(businessEventAttendees.userId, userId))).limit(1))[0]!;
      return {
        attendance: { _id: row.id, eventId: row.eventId, conferanceCode: found.event.conferanceCode, userId: row.userId, joinedAt: row.joinedAt.toISOString() },
        joined: Boolean(inserted),
        event: { ...(await view(found.event, found.business)), joined: true },
      };
    },

    /** `GET /v1/business-events/stats/{businessCode}`: the owner's figures per event, a page of events at a time. */
    async stats(userId: string, businessCode: string, pageNumber: number, size: number) {
      const business = await requireBusinessOwner(db, userId, { businessCode });
      const { rows, events, meta } = await page(business, pageNumber, size);
      const totals = await footprintTotals(rows.map((row) => row.id));
      return { data: events.map((event) => statsOf(event, event.attendeeCount, totals.get(event.id))), meta };
    },

    /** `GET /v1/business-events/live/{id}`: the owner's view of who came and what each footprint is. */
    async live(userId: string, eventId: string): Promise<EventLive> {
      const { event, business } = await ownedEvent(userId, eventId);
      const eventView = await view(event, business);
      const f = businessEventFootprints;
      const [joined, recorded, totals] = await Promise.all([
        db
          .select({ userId: businessEventAttendees.userId, joinedAt: businessEventAttendees.joinedAt, email: users.email, firstName: users.firstName, lastName: users.lastName })
          .from(businessEventAttendees)
          .innerJoin(users, eq(users.id, businessEventAttendees.userId))
          .where(eq(businessEventAttendees.eventId, event.id))
          .orderBy(desc(businessEventAttendees.joinedAt))
          .limit(EVENT_LIVE_MAX_ATTENDEES),
        db.select().from(f).where(eq(f.eventId, event.id)).orderBy(desc(f.updatedAt)).limit(EVENT_LIVE_MAX_ATTENDEES),
        footprintTotals([event.id]),
      ]);
      const people = new Map<string, EventLive['attendees'][number]>();
      for (const row of recorded) {
        people.set(row.email, {
          email: row.email,
          name: row.name,
          userId: row.userId ?? null,
          joinedAt: null,
          footprint: { totalKg: row.totalKg, breakdown: { travel: row.travelKg, accommodation: row.accommodationKg, catering: row.cateringKg }, updatedAt: row.updatedAt.toISOString() },
        });
      }
      for (const row of joined) {
        const email = row.email.toLowerCase();
        const known = people.get(email);
        const name = `${row.firstName} ${row.lastName}`.trim();
        if (known) people.set(email, { ...known, name: known.name || name, userId: row.userId, joinedAt: row.joinedAt.toISOString() });
        else people.set(email, { email, name, userId: row.userId, joinedAt: row.joinedAt.toISOString(), footprint: null });
      }
      const attendees = [...people.values()].slice(0, EVENT_LIVE_MAX_ATTENDEES);
      const stats = statsOf(eventView, eventView.attendeeCount, totals.get(event.id));
      return { ...stats, attendees, truncated: people.size > EVENT_LIVE_MAX_ATTENDEES || joined.length === EVENT_LIVE_MAX_ATTENDEES || recorded.length === EVENT_LIVE_MAX_ATTENDEES, refreshedAt: new Date().toISOString() };
    },

    async businessOf(event: EventRow): Promise<BusinessRow> {
      const business = await findBusinessById(db, event.businessId);
      if (!business) throw eventIdNotFound();
      return business;
    },
  };
}

export type Events = ReturnType<typeof createEvents>;
