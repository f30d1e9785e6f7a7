import { CERTIFICATE_SERIAL_ALPHABET } from '@app/contract/orders';
import { pooledRandomBytes } from '../../lib/random-pool.ts';

/** Who a certificate retires the tonnes for. */
export interface Beneficiary {
  type: 'person' | 'business' | 'event';
  name: string;
}

/**
 * The order's columns as a JSON object (`to_jsonb(orders)`): read by name so the columns the
 * checkout adds (kind, business and event names, conferance_code) are used as soon as they
 * exist, without this module naming a column the table does not have yet.
 */
export type OrderColumns = Record<string, unknown>;

const GROUPS = 3;
const GROUP_LENGTH = 4;

/**
 * A new serial, GMC-<year>-XXXX-XXXX-XXXX: 12 characters of a 32-letter alphabet, 60 random
 * bits from the system's CSPRNG (one byte per character, its low 5 bits: 256 is a multiple of
 * 32, so no character is likelier than another), drawn from the shared pool (lib/random-pool.ts).
 * The year is the issue year (UTC).
 */
export function generateSerial(at: Date = new Date()): string {
  const bytes = pooledRandomBytes(GROUPS * GROUP_LENGTH);
  const chars = [...bytes].map((byte) => CERTIFICATE_SERIAL_ALPHABET[byte & 31]);
  const groups = Array.from({ length: GROUPS }, (_, i) => chars.slice(i * GROUP_LENGTH, (i + 1) * GROUP_LENGTH).join(''));
  return `GMC-${at.getUTCFullYear()}-${groups.join('-')}`;
}

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);

/**
 * The beneficiary named on the order's certificates.
 * - person (the default): the buyer's full name.
 * - business (the order has a business_id, or kind 'business'): the order's business_name;
 *   until orders carry it, "<buyer> for their business".
 * - event (kind 'event', or a conferance_code): the order's event_name; else "Event <code>";
 *   else "<buyer> for an event".
 */
export function beneficiaryOf(order: OrderColumns, buyerName: string): Beneficiary {
  const kind = text(order.kind);
  const conferenceCode = text(order.conferance_code);
  const type: Beneficiary['type'] =
    kind === 'person' || kind === 'personal' ? 'person' : kind === 'business' || kind === 'event' ? kind : order.business_id ? 'business' : conferenceCode ? 'event' : 'person';
  if (type === 'business') return { type, name: text(order.business_name) ?? `${buyerName} for their business` };
  if (type === 'event') return { type, name: text(order.event_name) ?? (conferenceCode ? `Event ${conferenceCode}` : `${buyerName} for an event`) };
  return { type, name: buyerName };
}

/** Offsets are sold by the tonne (products.unit 'tonne CO2e'): one unit of quantity retires one tonne. */
export const tonnesMilliOf = (quantity: number): number => quantity * 1000;
export const tonnesOf = (tonnesMilli: number): number => tonnesMilli / 1000;
