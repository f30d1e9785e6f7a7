import type { BenchContext } from './section.ts';

/** The API process's CPU time so far (ms), as the bench server reports it. */
export async function serverCpuMs(ctx: BenchContext): Promise<number> {
  const usage = (await (await fetch(`${ctx.bareUrl}/__bench/cpu`)).json()) as { user: number; system: number };
  return (usage.user + usage.system) / 1000;
}

/** The API's event-loop stalls (ms, p99 and longest) since the last reading; each reading starts the next afresh. */
export async function apiStalls(ctx: BenchContext): Promise<{ p99: number; max: number }> {
  return (await (await fetch(`${ctx.bareUrl}/__bench/stalls`)).json()) as { p99: number; max: number };
}
