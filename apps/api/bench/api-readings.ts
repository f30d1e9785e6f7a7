import type { BenchContext } from './section.ts';
import { ownCpuMs, postgresCpuMs } from './process-cpu.ts';

/** The API process's CPU time so far (ms), as the bench server reports it. */
export async function serverCpuMs(ctx: BenchContext): Promise<number> {
  const usage = (await (await fetch(`${ctx.bareUrl}/__bench/cpu`)).json()) as { user: number; system: number };
  return (usage.user + usage.system) / 1000;
}

/** The API's event-loop stalls (ms, p99 and longest) since the last reading; each reading starts the next afresh. */
export async function apiStalls(ctx: BenchContext): Promise<{ p99: number; max: number }> {
  return (await (await fetch(`${ctx.bareUrl}/__bench/stalls`)).json()) as { p99: number; max: number };
}

/** CPU ms by process since a meter started: the local PostgreSQL, the API's process, this load generator. */
export interface CpuSpent {
  /** Undefined when the meter does not read the database (PGlite runs inside the API). */
  database?: number;
  /** Undefined when the meter has no API process to ask. */
  api?: number;
  client: number;
}

/**
 * Starts a CPU meter: the returned function answers the CPU each process spent since. `database`
 * reads every process of the local PostgreSQL server (process-cpu.ts); `api` asks the bench
 * server of that run.
 */
export async function startCpuMeter(options: { database: boolean; api?: BenchContext }): Promise<() => Promise<CpuSpent>> {
  const read = async () => ({
    database: options.database ? postgresCpuMs() : undefined,
    api: options.api ? await serverCpuMs(options.api) : undefined,
    client: ownCpuMs(),
  });
  const before = await read();
  return async () => {
    const after = await read();
    const spent = (a: number | undefined, b: number | undefined) => (a === undefined || b === undefined ? undefined : b - a);
    return { database: spent(before.database, after.database), api: spent(before.api, after.api), client: after.client - before.client };
  };
}
