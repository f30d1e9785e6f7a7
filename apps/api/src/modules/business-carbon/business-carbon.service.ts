import { createHash } from 'node:crypto';
import {
  BUSINESS_CARBON_INPUT_MAX_BYTES,
  BUSINESS_ROLLUP_PEOPLE_LISTED,
  BUSINESS_SAVEABLE_KINDS,
  type BusinessCarbonRollup,
  type BusinessCarbonSave,
  type BusinessCarbonYearInputs,
  type RollupCategory,
} from '@app/contract/business-carbon';
import { CARBON_UNIT, FACTOR_SET_YEAR, type BusinessRequest } from '@app/contract';
import type { z } from 'zod';
import type { businessCarbonInputsBodySchema, saveBusinessCarbonBodySchema } from '@app/contract/business-carbon';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { activeMembershipOf, businessOwnedBy, requireBusinessMemberOrOwner, requireBusinessOwner, type BusinessRow } from '../business/business.access.ts';
import type { CarbonService } from '../carbon/carbon.service.ts';
import type { BusinessCarbonRepository } from './business-carbon.repository.ts';

type SaveBody = z.output<typeof saveBusinessCarbonBodySchema>;
type InputsBody = z.output<typeof businessCarbonInputsBodySchema>;

/** Saves kept per person and business (history); a person's current footprint is their latest. */
export const BUSINESS_SAVES_KEPT = 1_000;

const invalid = (field: string, message: string) => new AppError('VALIDATION_FAILED', `Please check ${field}: ${message}`, { fields: { [field]: [message] } });

/**
 * Carbon for businesses. Every number is the server's: a saved footprint's stored result (the
 * server computed it when it was saved) or a calculation recomputed here with the contract's
 * functions; the roll-up recomputes the business's operations from its stored inputs.
 */
export function createBusinessCarbonService(deps: { db: Database; repo: BusinessCarbonRepository; carbon: CarbonService; now?: () => Date }) {
  const { db, repo, carbon } = deps;
  const now = deps.now ?? (() => new Date());

  /** The business the caller saves into: the one named, else the one they own, else the one they joined. */
  async function targetOf(userId: string, businessCode: string | undefined): Promise<{ business: BusinessRow; memberId: string | null }> {
    if (businessCode) {
      const { business, isOwner } = await requireBusinessMemberOrOwner(db, userId, { businessCode });
      if (isOwner) return { business, memberId: null };
      const membership = await activeMembershipOf(db, userId);
      return { business, memberId: membership?.business.id === business.id ? membership.member.id : null };
    }
    const owned = await businessOwnedBy(db, userId);
    if (owned) return { business: owned, memberId: null };
    const membership = await activeMembershipOf(db, userId);
    if (membership) return { business: membership.business, memberId: membership.member.id };
    throw new AppError('FORBIDDEN', 'Join a business first: only its members and owner can save footprints into it');
  }

  /** The footprint to save, computed or read on the server, and the key that makes a repeat a no-op. */
  async function sourceOf(userId: string, body: SaveBody) {
    if (body.footprintId) {
      const footprint = await repo.ownFootprint(userId, body.footprintId);
      // Someone else's id answers like a missing one.
      if (!footprint) throw new AppError('NOT_FOUND', 'That saved footprint was not found');
      if (!(BUSINESS_SAVEABLE_KINDS as readonly string[]).includes(footprint.kind)) {
        throw invalid('footprintId', `only a household footprint can be saved into a business (this one is ${footprint.kind})`);
      }
      return { sourceKey: `footprint:${footprint.id}`, footprintId: footprint.id, kind: footprint.kind, inputs: footprint.inputs, result: footprint.result, totalKg: footprint.total };
    }
    const calculation = body.calculation!;
    if (calculation.kind !== 'household') throw invalid('calculation.kind', 'only a household calculation can be saved into a business');
    if (Buffer.byteLength(JSON.stringify(calculation.inputs)) > BUSINESS_CARBON_INPUT_MAX_BYTES) throw invalid('calculation.inputs', 'the inputs are too large');
    const result = underField('calculation.inputs', () => carbon.household(calculation.inputs));
    const inputs = calculation.inputs as unknown as Record<string, unknown>;
    return { sourceKey: `inputs:${hashOf(inputs)}`, footprintId: null, kind: calculation.kind, inputs, result: result as unknown as Record<string, unknown>, totalKg: result.total };
  }

  return {
    /** `PATCH v1/business-user-profiles/save-carbon-calculations`. */
    async save(userId: string, body: SaveBody): Promise<BusinessCarbonSave> {
      const { business, memberId } = await targetOf(userId, body.businessCode);
      const source = await sourceOf(userId, body);
      const outcome = await repo.save({ businessId: business.id, userId, memberId, ...source, now: now(), maxKept: BUSINESS_SAVES_KEPT });
      if ('refused' in outcome) throw new AppError('CONFLICT', `You saved ${BUSINESS_SAVES_KEPT.toLocaleString('en')} footprints into this business, the most allowed.`);
      const factorSetYear = typeof outcome.result.factorSetYear === 'number' ? outcome.result.factorSetYear : FACTOR_SET_YEAR;
      return {
        _id: outcome.id,
        businessId: business.id,
        businessCode: business.businessCode,
        businessName: business.name,
        userId,
        kind: 'household',
        footprintId: outcome.footprintId,
        totalKg: outcome.totalKg,
        factorSetYear,
        savedAt: outcome.savedAt.toISOString(),
        created: outcome.created,
      };
    },

    /**
     * `PUT /v1/business-profiles/carbon-inputs/{businessCode}?year=`: owner only; empty lists clear
     * the inputs. They are the business's current inputs and those of the reporting year (this
     * year unless `year` names an earlier one), which the emissions report reads.
     */
    async setInputs(userId: string, businessCode: string, body: InputsBody, year?: number): Promise<BusinessCarbonRollup> {
      const reportingYear = year ?? now().getUTCFullYear();
      if (reportingYear > now().getUTCFullYear()) throw invalid('year', `${reportingYear} has not started yet`);
      const business = await requireBusinessOwner(db, userId, { businessCode });
      if (Buffer.byteLength(JSON.stringify(body)) > BUSINESS_CARBON_INPUT_MAX_BYTES) throw invalid('spend', `the inputs hold at most ${BUSINESS_CARBON_INPUT_MAX_BYTES / 1024} kB`);
      const empty = body.spend.length + body.flights.length + body.hotelStays.length + body.surfaceTravel.length === 0;
      // Computing once checks what the schema cannot: NAICS codes, airport codes, hotel countries.
      if (!empty) carbon.business(body);
      const thisYear = now().getUTCFullYear();
      await repo.setInputs(business.id, empty ? null : (body as unknown as Record<string, unknown>), now(), reportingYear, reportingYear === thisYear);
      return this.rollup(userId, businessCode);
    },

    /** `GET /v1/business-profiles/carbon-inputs/{businessCode}?year=`: owner only; this year unless `year` names another. */
    async yearInputs(userId: string, businessCode: string, year?: number): Promise<BusinessCarbonYearInputs> {
      const reportingYear = year ?? now().getUTCFullYear();
      if (reportingYear > now().getUTCFullYear()) throw invalid('year', `${reportingYear} has not started yet`);
      const business = await requireBusinessOwner(db, userId, { businessCode });
      const row = await repo.yearInputs(business.id, reportingYear);
      return { year: reportingYear, inputs: (row?.inputs as BusinessRequest | undefined) ?? null, updatedAt: row ? row.updatedAt.toISOString() : null };
    },

    /** `GET /v1/business-profiles/get/carbon-calculations?businessCode=`: owner only. */
    async rollup(userId: string, businessCode: string): Promise<BusinessCarbonRollup> {
      const business = await requireBusinessOwner(db, userId, { businessCode });
      const inputs = (business.carbonInputs as BusinessRequest | null) ?? null;
      const operations = inputs ? carbon.business(inputs) : null;
      const [people, activeMembers, offsets] = await Promise.all([repo.currentFootprints(business.id, business.ownerUserId), repo.activeMembers(business.id), repo.tonnesRetired(business.id)]);
      people.sort((a, b) => b.totalKg - a.totalKg || a.userId.localeCompare(b.userId));
      const peopleKg = people.reduce((sum, person) => sum + person.totalKg, 0);

      const categories: RollupCategory[] = [];
      if (operations) {
        const byNaics = new Map<string, RollupCategory>();
        for (const line of operations.spendLines) {
          const category = byNaics.get(line.naics) ?? { key: `naics:${line.naics}`, kind: 'spend', label: line.title, kg: 0, usd: 0, kgPerUsd: line.kgPerUsd };
          category.kg += line.total;
          category.usd = (category.usd ?? 0) + line.usd;
          byNaics.set(line.naics, category);
        }
        categories.push(...byNaics.values());
        const activity = [
          ['flights', 'Flights'],
          ['hotels', 'Hotel stays'],
          ['surfaceTravel', 'Rail, road and other travel'],
        ] as const;
        for (const [key, label] of activity) {
          if (operations.breakdown[key] > 0) categories.push({ key, kind: key, label, kg: operations.breakdown[key] });
        }
      }
      if (people.length > 0) categories.push({ key: 'people', kind: 'people', label: "Members' footprints", kg: peopleKg });
      categories.sort((a, b) => b.kg - a.kg || a.key.localeCompare(b.key));

      return {
        businessId: business.id,
        businessCode: business.businessCode,
        businessName: business.name,
        unit: CARBON_UNIT,
        factorSetYear: operations?.factorSetYear ?? FACTOR_SET_YEAR,
        inputs,
        operations,
        people: {
          totalKg: peopleKg,
          withFootprint: people.length,
          activeMembers,
          list: people.slice(0, BUSINESS_ROLLUP_PEOPLE_LISTED).map((person) => ({
            userId: person.userId,
            name: `${person.firstName} ${person.lastName}`.trim(),
            role: (person.role ?? 'owner') as 'owner' | 'employee' | 'supplier' | 'distributor',
            totalKg: person.totalKg,
            savedAt: person.savedAt.toISOString(),
          })),
        },
        categories,
        totalKg: (operations?.total ?? 0) + peopleKg,
        offsets,
      };
    },
  };
}
export type BusinessCarbonService = ReturnType<typeof createBusinessCarbonService>;

/** The carbon service names fields from the inputs' root; here they sit under `field`. */
function underField<T>(field: string, calculate: () => T): T {
  try {
    return calculate();
  } catch (error) {
    if (!(error instanceof AppError) || !error.fields) throw error;
    const fields = Object.fromEntries(Object.entries(error.fields).map(([name, messages]) => [`${field}.${name}`, messages]));
    throw new AppError(error.code, error.message.replace(/^Please check /, `Please check ${field}.`), { fields });
  }
}

/** The same inputs in any key order hash alike, so re-sending a calculation is a repeat. */
function hashOf(value: unknown): string {
  const canonical = (v: unknown): unknown =>
    Array.isArray(v) ? v.map(canonical) : v && typeof v === 'object' ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, canonical((v as Record<string, unknown>)[k])])) : v;
  return createHash('sha256').update(JSON.stringify(canonical(value))).digest('hex');
}
