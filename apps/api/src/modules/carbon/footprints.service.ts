import { SAVED_FOOTPRINT_LIMITS, type SaveFootprintBody, type SavedFootprint } from '@app/contract/footprints';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { CarbonService } from './carbon.service.ts';
import type { FootprintRow, FootprintsRepository } from './footprints.repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Saved footprints. The client's inputs are recomputed here with the same contract functions
 * as the calculation endpoints; a result sent by the client is never read (the body schema has
 * no place for one), so history always holds what the model says for those inputs.
 */
export function createFootprintsService(deps: { repo: FootprintsRepository; carbon: CarbonService; now?: () => Date; limits?: typeof SAVED_FOOTPRINT_LIMITS }) {
  const { repo, carbon } = deps;
  const now = deps.now ?? (() => new Date());
  const limits = deps.limits ?? SAVED_FOOTPRINT_LIMITS;

  const compute = (body: SaveFootprintBody) => {
    switch (body.kind) {
      case 'household':
        return carbon.household(body.inputs);
      case 'flights':
        return carbon.flights(body.inputs);
      case 'event':
        return carbon.event(body.inputs);
      case 'business':
        return carbon.business(body.inputs);
    }
  };

  return {
    async save(userId: string, body: SaveFootprintBody): Promise<SavedFootprint> {
      const bytes = Buffer.byteLength(JSON.stringify(body.inputs));
      if (bytes > limits.maxInputBytes) {
        throw new AppError('VALIDATION_FAILED', `Please check inputs: a saved calculation holds at most ${limits.maxInputBytes / 1024} kB of inputs`, {
          fields: { inputs: [`at most ${limits.maxInputBytes / 1024} kB`] },
        });
      }
      const result = underInputs(() => compute(body));
      const outcome = await repo.insertWithinLimits(
        {
          userId,
          kind: body.kind,
          inputs: body.inputs as Record<string, unknown>,
          result: result as unknown as Record<string, unknown>,
          total: result.total,
          factorSetYear: result.factorSetYear,
          createdAt: now(),
        },
        { since: new Date(now().getTime() - DAY_MS), maxKept: limits.maxKept, maxPerDay: limits.maxPerDay },
      );
      if ('refused' in outcome && outcome.refused === 'kept') {
        throw new AppError('CONFLICT', `You keep ${limits.maxKept.toLocaleString('en')} saved footprints, the most allowed. Delete some older ones to save more.`);
      }
      if ('refused' in outcome) {
        throw new AppError('RATE_LIMITED', `You saved ${limits.maxPerDay} footprints in the last 24 hours, the most allowed. Please try again tomorrow.`);
      }
      return toSaved(outcome.saved);
    },

    async list(userId: string, query: { page: number; size: number; kind?: string }) {
      const { rows, total } = await repo.page(userId, { kind: query.kind, offset: (query.page - 1) * query.size, limit: query.size });
      return { data: rows.map(toSaved), meta: { page: query.page, size: query.size, total } };
    },

    async latest(userId: string, kind?: string): Promise<SavedFootprint | null> {
      const { rows } = await repo.page(userId, { kind, offset: 0, limit: 1 });
      return rows[0] ? toSaved(rows[0]) : null;
    },

    /** Shows the footprint on the owner's public page, or stops; someone else's id is a 404. */
    async setPublic(userId: string, id: string, visible: boolean): Promise<SavedFootprint> {
      const row = await repo.setPublic(userId, id, visible);
      if (!row) throw notFound('That saved footprint');
      return toSaved(row);
    },

    async remove(userId: string, id: string): Promise<void> {
      // Someone else's footprint answers exactly like a missing one: ids reveal nothing.
      if (!(await repo.delete(userId, id))) throw notFound('That saved footprint');
    },
  };
}
export type FootprintsService = ReturnType<typeof createFootprintsService>;

/** The calculation names fields from the inputs' root (`legs.0.from`); here they sit under `inputs`. */
function underInputs<T>(calculate: () => T): T {
  try {
    return calculate();
  } catch (error) {
    if (!(error instanceof AppError) || !error.fields) throw error;
    const fields = Object.fromEntries(Object.entries(error.fields).map(([field, messages]) => [`inputs.${field}`, messages]));
    throw new AppError(error.code, error.message.replace(/^Please check /, 'Please check inputs.'), { fields });
  }
}

function toSaved(row: FootprintRow): SavedFootprint {
  return {
    _id: row.id,
    kind: row.kind,
    inputs: row.inputs,
    result: row.result,
    total: row.total,
    factorSetYear: row.factorSetYear,
    public: row.public,
    createdAt: row.createdAt.toISOString(),
  } as SavedFootprint;
}
