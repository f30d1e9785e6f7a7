/**
 * What mapping one `orders` row to and from a JSON row costs (db/json-rows.ts; docs/speed-writes.md).
 * An order placement maps its order row, lines, timeline, certificates and mails this way.
 *
 *   node --import tsx apps/api/bench/probes/json-rows.ts [iterations]
 *
 * Prints µs per call of `toJsonRow(orders, …)` and `fromJsonRow(orders, …)`, three passes each
 * (the first includes the JIT warming up).
 */
import { fromJsonRow, toJsonRow } from '../../src/db/json-rows.ts';
import { orders } from '../../src/db/schema/index.ts';

const iterations = Number(process.argv[2] ?? 20_000);
const at = new Date();
// The columns an order placement sets; the rest come from defaults or stay null.
const values = { id: '019ac9a8-0000-7000-8000-000000000000', userId: '019ac9a8-0000-7000-8000-000000000001', status: 'paid', currency: 'usd', totalMinor: 1000, subtotalMinor: 1000, paidAt: at, createdAt: at, orderNumber: 'GM-4F7K2-QXA9M', buyerEmail: 'ada@example.com', firstName: 'Ada', lastName: 'Green' } as const;
const json = toJsonRow(orders, values);

for (const [name, call] of [
  ['toJsonRow(orders)', () => toJsonRow(orders, values)],
  ['fromJsonRow(orders)', () => fromJsonRow(orders, json)],
] as const) {
  const passes: string[] = [];
  for (let pass = 0; pass < 3; pass += 1) {
    const started = performance.now();
    for (let i = 0; i < iterations; i += 1) call();
    passes.push(`${(((performance.now() - started) / iterations) * 1000).toFixed(2)} µs`);
  }
  console.log(`${name}: ${passes.join(', ')}`);
}
