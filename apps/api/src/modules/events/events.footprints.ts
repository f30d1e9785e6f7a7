import { and, desc, eq, isNull, or } from 'drizzle-orm';
import type { EventFootprint, EventFootprintFields, MemberFootprint } from '@app/contract/events';
import type { Database } from '../../db/client.ts';
import { businessEventAttendees, businessEventFootprints, businessEvents, businessMemberFootprints, businesses, users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import type { CurrentUser } from '../../plugins/auth.ts';
import { businessOwnedBy, relationTo } from '../business/business.access.ts';
import type { CarbonService } from '../carbon/carbon.service.ts';
import { eventNotFound, type Events } from './events.service.ts';
import type { FootprintClaims } from './events.footprint-claims.ts';
import { toFootprint } from './events.view.ts';

/** How many footprints the member list answers at most, per source. */
const MEMBER_FOOTPRINTS_MAX = 200;

/**
 * Attendees' footprints (spec §7 business-event-user-carbon-foot-prints): one per email per event,
 * computed by the event model (packages/contract/src/carbon/event.ts) for one attendee: their
 * journeys, hotel nights and meals. A second submission for the same email replaces the first, in
 * one upsert; a record made by a signed-in person can then be replaced only by that person.
 */
export function createEventFootprints(db: Database, events: Events, carbon: CarbonService, claims: FootprintClaims) {
  return {
    /**
     * A signed-in person with a verified address records under it at once. Anyone else's record
     * (a visitor, or an account that has not proved its address) waits for the address to confirm
     * it (issue 23 item 5): `pending` in the answer, nowhere in the figures until then.
     */
    async record(caller: CurrentUser | null, body: EventFootprintFields): Promise<{ footprint: EventFootprint; replaced: boolean; pending: boolean }> {
      const accountEmail = caller?.email.toLowerCase();
      if (caller && body.email && body.email !== accountEmail) {
        throw new AppError('VALIDATION_FAILED', `You are signed in as ${caller.email}; your footprint is recorded under that address`, { fields: { email: ['must be the email of your account, or left out'] } });
      }
      const email = accountEmail ?? body.email;
      if (!email) throw new AppError('VALIDATION_FAILED', 'Enter your email address, or sign in', { fields: { email: ['is required when you are not signed in'] } });

      const found = await events.findByCode(body.conferanceCode);
      if (!found) throw eventNotFound();
      const { radiativeForcing, ...group } = body.inputs;
      const result = namedAsSent(() => carbon.event({ attendees: [{ count: 1, ...group }], otherSpend: [], radiativeForcing }));
      const name = body.name ?? (caller ? `${caller.account.firstName} ${caller.account.lastName}`.trim() : '');
      const now = new Date();
      const values = {
        eventId: found.event.id,
        email,
        name,
        userId: caller?.id ?? null,
        inputs: body.inputs as unknown as Record<string, unknown>,
        notes: result.notes,
        factorSetYear: result.factorSetYear,
        totalKg: result.total,
        travelKg: result.breakdown.travel,
        accommodationKg: result.breakdown.accommodation,
        cateringKg: result.breakdown.catering,
      };
      if (!caller?.account.emailVerifiedAt) {
        const { userId: _nobody, ...visitorValues } = values;
        return { footprint: await claims.submit(visitorValues, found.event, found.business.businessCode), replaced: false, pending: true };
      }
      const f = businessEventFootprints;
      const row = await db.transaction(async (tx) => {
        const [written] = await tx
          .insert(f)
          .values(values)
          .onConflictDoUpdate({
            target: [f.eventId, f.email],
            set: { ...values, updatedAt: now },
            // Only verified account holders reach here: they may take over a visitor's confirmed record made with their address.
            setWhere: or(isNull(f.userId), eq(f.userId, caller.id)),
          })
          .returning();
        if (written) await tx.insert(businessEventAttendees).values({ eventId: found.event.id, userId: caller.id }).onConflictDoNothing();
        return written;
      });
      if (!row) throw new AppError('FORBIDDEN', 'The footprint for this email was recorded by its account holder; sign in to change it');
      return { footprint: toFootprint(row, found.event, found.business.businessCode), replaced: row.updatedAt.getTime() !== row.createdAt.getTime(), pending: false };
    },

    /** `…/specific?email=&conferanceCode=&businessCode=`: the caller's own record, or any record for the event's owner. */
    async specific(caller: CurrentUser, query: { email: string; conferanceCode: string; businessCode?: string }): Promise<EventFootprint> {
      const found = await events.findByCode(query.conferanceCode);
      if (!found || (query.businessCode && query.businessCode.toUpperCase() !== found.business.businessCode.toUpperCase())) throw eventNotFound();
      const isOwner = found.business.ownerUserId === caller.id;
      if (!isOwner && caller.email.toLowerCase() !== query.email) throw new AppError('FORBIDDEN', 'You can read only your own footprint for this event');
      const [row] = await db.select().from(businessEventFootprints).where(and(eq(businessEventFootprints.eventId, found.event.id), eq(businessEventFootprints.email, query.email))).limit(1);
      if (!row) throw new AppError('NOT_FOUND', 'No footprint has been recorded for this email at this event yet');
      return toFootprint(row, found.event, found.business.businessCode);
    },

    /**
     * `GET v1/business-user-carbon-foot-prints/user/{id}`: a person's footprints, for themself (all
     * of them) or for the owner of the business they are an active member of (that business's only).
     */
    async ofMember(callerId: string, userId: string): Promise<MemberFootprint[]> {
      let onlyBusinessId: string | null = null;
      if (callerId !== userId) {
        const owned = await businessOwnedBy(db, callerId);
        if (!owned || (await relationTo(db, userId, owned.id)) !== 'member') throw new AppError('FORBIDDEN', "You can read only your own footprints, or those of your business's members");
        onlyBusinessId = owned.id;
      }
      const [person] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
      if (!person) throw new AppError('NOT_FOUND', 'Person was not found');
      const f = businessEventFootprints;
      const mine = or(eq(f.userId, userId), eq(f.email, person.email.toLowerCase()));
      const [eventRows, savedRows] = await Promise.all([
        db
          .select({ footprint: f, event: businessEvents, businessCode: businesses.businessCode })
          .from(f)
          .innerJoin(businessEvents, eq(businessEvents.id, f.eventId))
          .innerJoin(businesses, eq(businesses.id, businessEvents.businessId))
          .where(onlyBusinessId ? and(mine, eq(businessEvents.businessId, onlyBusinessId)) : mine)
          .orderBy(desc(f.updatedAt))
          .limit(MEMBER_FOOTPRINTS_MAX),
        db
          .select({ saved: businessMemberFootprints, businessCode: businesses.businessCode })
          .from(businessMemberFootprints)
          .innerJoin(businesses, eq(businesses.id, businessMemberFootprints.businessId))
          .where(onlyBusinessId ? and(eq(businessMemberFootprints.userId, userId), eq(businessMemberFootprints.businessId, onlyBusinessId)) : eq(businessMemberFootprints.userId, userId))
          .orderBy(desc(businessMemberFootprints.createdAt))
          .limit(MEMBER_FOOTPRINTS_MAX),
      ]);
      const fromEvents: MemberFootprint[] = eventRows.map(({ footprint, event, businessCode }) => ({
        _id: footprint.id,
        source: 'event',
        kind: 'event',
        businessCode,
        event: { _id: event.id, name: event.name, conferanceCode: event.conferanceCode },
        totalKg: footprint.totalKg,
        breakdown: { travel: footprint.travelKg, accommodation: footprint.accommodationKg, catering: footprint.cateringKg },
        createdAt: footprint.updatedAt.toISOString(),
      }));
      const fromBusiness: MemberFootprint[] = savedRows.map(({ saved, businessCode }) => ({
        _id: saved.id,
        source: 'business',
        kind: saved.kind,
        businessCode,
        event: null,
        totalKg: saved.totalKg,
        breakdown: numbersOf((saved.result as { breakdown?: unknown }).breakdown),
        createdAt: saved.createdAt.toISOString(),
      }));
      return [...fromEvents, ...fromBusiness].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
    },
  };
}

/**
 * The event model names the fields of its attendee group (`attendees.0.travel.0.to`); the
 * attendee sent them under `inputs` (`inputs.travel.0.to`), so its 400 names those.
 */
function namedAsSent<T>(calculate: () => T): T {
  try {
    return calculate();
  } catch (error) {
    if (!(error instanceof AppError) || !error.fields) throw error;
    let message = error.message;
    const fields: Record<string, string[]> = {};
    for (const [field, messages] of Object.entries(error.fields)) {
      const sent = `inputs.${field.replace(/^attendees\.0\./, '')}`;
      message = message.replace(field, sent);
      fields[sent] = messages;
    }
    throw new AppError(error.code, message, { fields, extra: error.extra });
  }
}

function numbersOf(value: unknown): Record<string, number> {
  if (!value || typeof value !== 'object') return {};
  return Object.fromEntries(Object.entries(value).filter((entry): entry is [string, number] => typeof entry[1] === 'number' && Number.isFinite(entry[1])));
}

export type EventFootprints = ReturnType<typeof createEventFootprints>;

