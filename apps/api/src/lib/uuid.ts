import { randomInto } from './random-pool.ts';

let lastMillis = 0;
let sequence = 0;

// Random bits come from the shared pool (random-pool.ts): an order makes a dozen ids, and one
// call into OpenSSL each showed as 2-3% of the API's CPU in the order loop.
const scratch = Buffer.alloc(16);

/**
 * RFC 9562 UUID version 7: a 48-bit millisecond timestamp then random bits. Ids sort in
 * creation order, which is what "sorted by id" (spec §7, products) should mean to a shopper,
 * and they index better than random v4 ids. Within one millisecond a 12-bit counter in rand_a
 * keeps them in creation order too (RFC 9562 §6.2 method 1): lines added to a cart in one
 * request list in the order they were sent. The clock never runs backwards here.
 */
export function uuidv7(at?: number): string {
  // An explicit time (the seed spreads its products over time) stands alone, with random rand_a.
  if (at !== undefined) {
    randomInto(scratch, 2);
    return format(at, scratch.readUInt16BE(0) & 0xfff);
  }
  const now = Date.now();
  if (now > lastMillis) {
    lastMillis = now;
    // Start low in the counter space, so many ids in one millisecond still fit.
    randomInto(scratch, 1);
    sequence = scratch[0]!;
  } else {
    sequence += 1;
    if (sequence > 0xfff) {
      lastMillis += 1;
      sequence = 0;
    }
  }
  return format(lastMillis, sequence);
}

function format(millis: number, sequence: number): string {
  const bytes = scratch;
  randomInto(bytes, 16);
  bytes.writeUIntBE(millis, 0, 6);
  bytes[6] = 0x70 | (sequence >> 8);
  bytes[7] = sequence & 0xff;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The creation time (epoch milliseconds) inside a version-7 UUID; undefined for any other id. */
export function uuidv7Millis(id: string): number | undefined {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i.test(id)) return undefined;
  return Number.parseInt(id.slice(0, 8) + id.slice(9, 13), 16);
}
