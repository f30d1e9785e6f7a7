import type { BusinessEvent, EventFootprint } from '@app/contract/events';
import { CARBON_UNIT } from '@app/contract';
import type { businessEventFootprints, businessEvents } from '../../db/schema/index.ts';

export type EventRow = typeof businessEvents.$inferSelect;
export type FootprintRow = typeof businessEventFootprints.$inferSelect;

/** What anyone may read about an event: never who owns it or who attends. */
export function toEvent(row: EventRow, business: { businessCode: string; name: string }, attendeeCount: number): BusinessEvent {
  return {
    _id: row.id,
    id: row.id,
    businessCode: business.businessCode,
    businessName: business.name,
    conferanceCode: row.conferanceCode,
    name: row.name,
    description: row.description,
    startDate: row.startDate,
    endDate: row.endDate,
    location: row.location,
    country: row.country,
    expectedAttendees: row.expectedAttendees ?? null,
    imageUrl: row.imageUrl,
    attendeeCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toFootprint(row: Omit<FootprintRow, 'userId'> & { userId?: string | null }, event: { conferanceCode: string }, businessCode: string, confirmed = true): EventFootprint {
  return {
    _id: row.id,
    eventId: row.eventId,
    conferanceCode: event.conferanceCode,
    businessCode,
    email: row.email,
    name: row.name,
    userId: row.userId ?? null,
    confirmed,
    unit: CARBON_UNIT,
    factorSetYear: row.factorSetYear,
    totalKg: row.totalKg,
    breakdown: { travel: row.travelKg, accommodation: row.accommodationKg, catering: row.cateringKg },
    notes: row.notes,
    inputs: row.inputs,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
