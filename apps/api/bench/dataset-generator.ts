/**
 * The deterministic pieces of the benchmark's data set (dataset.ts): a seeded PRNG with the
 * helpers built on it, and the word lists the generated names are drawn from. Kept apart from
 * the table-writing code so that dataset.ts reads as "what rows get written" only.
 *
 * Changing anything here (a list's order or length, a helper's draws) changes every generated
 * row after it, so results measured on an older data set stop being comparable.
 */
import type { Currency } from '@app/contract';

/** mulberry32: a small, fast, seeded 32-bit PRNG. */
function mulberry32(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function generator(seed: number) {
  const next = mulberry32(seed);
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  const some = <T>(list: readonly T[], min: number, max: number): T[] => {
    const copy = [...list];
    const n = Math.min(copy.length, int(min, max));
    const out: T[] = [];
    for (let i = 0; i < n; i += 1) out.push(copy.splice(Math.floor(next() * copy.length), 1)[0]!);
    return out;
  };
  const hex = (bytes: number) => {
    let out = '';
    for (let i = 0; i < bytes; i += 1) out += Math.floor(next() * 256).toString(16).padStart(2, '0');
    return out;
  };
  /** A version-7 id for a row created at `millis`: sorts by time; the rest from the stream. */
  const id = (millis: number) => {
    const time = Math.floor(millis).toString(16).padStart(12, '0');
    const variant = (8 + Math.floor(next() * 4)).toString(16);
    return `${time.slice(0, 8)}-${time.slice(8)}-7${hex(2).slice(1)}-${variant}${hex(2).slice(1)}-${hex(6)}`;
  };
  const code = (length: number) => {
    const alphabet = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
    let out = '';
    for (let i = 0; i < length; i += 1) out += pick([...alphabet]);
    return out;
  };
  return { next, int, pick, some, id, code };
}

export const slugify = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

// Word lists: every generated product, person, business and event name is drawn from these.
export const OFFSET_TYPES = [
  { words: ['Mangrove Restoration', 'Seagrass Meadows', 'Coastal Wetlands'], category: 'blue-carbon', image: 'blue' },
  { words: ['Rainforest Protection', 'Reforestation', 'Agroforestry', 'Peatland Conservation'], category: 'forestry-land-use', image: 'forest' },
  { words: ['Clean Cookstoves', 'Efficient Stoves', 'Biogas Kitchens'], category: 'clean-cooking', image: 'cooking' },
  { words: ['Wind Farm', 'Solar Park', 'Run-of-River Hydro', 'Solar Home Systems'], category: 'renewable-energy', image: 'energy' },
  { words: ['Biochar', 'Direct Air Capture', 'Enhanced Rock Weathering'], category: 'carbon-removal', image: 'removal' },
  { words: ['Landfill Gas Capture', 'Dairy Digesters', 'Methane Flaring'], category: 'methane-capture', image: 'methane' },
  { words: ['Soil Carbon', 'Regenerative Rice', 'Cover Crops'], category: 'sustainable-agriculture', image: 'agriculture' },
] as const;
export const PLACES = ['Kasigau', 'Rimba', 'Sumatra', 'Mekong', 'Andes', 'Sahel', 'Borneo', 'Cerrado', 'Gujarat', 'Oaxaca', 'Zambezi', 'Atlas', 'Patagonia', 'Danube', 'Yucatan', 'Kivu', 'Cauca', 'Mindanao', 'Rift Valley', 'Highlands'];
export const GOODS_TYPES = [
  { words: ['Organic Cotton T-Shirt', 'Hemp Hoodie', 'Merino Beanie', 'Recycled Fleece', 'Linen Shirt'], category: 'apparel', sizes: ['XS', 'S', 'M', 'L', 'XL'] },
  { words: ['Bamboo Cutlery Set', 'Beeswax Food Wraps', 'Glass Lunch Box', 'Reusable Coffee Cup', 'Linen Tea Towels'], category: 'home-kitchen', sizes: ['Small', 'Large'] },
  { words: ['Shampoo Bar', 'Bamboo Toothbrush', 'Safety Razor', 'Solid Conditioner'], category: 'personal-care', sizes: null },
  { words: ['Recycled Daypack', 'Solar Charger', 'Steel Water Bottle', 'Canvas Tote'], category: 'travel-outdoors', sizes: ['One size'] },
  { words: ['Recycled Notebook', 'Seed Pencils', 'Cork Desk Mat'], category: 'office', sizes: null },
] as const;
export const MAKERS = ['Fernleaf', 'Tidewater', 'Northwind', 'Greenstep', 'Solstice', 'Meadow', 'Driftwood', 'Kinfolk', 'Terra', 'Willow', 'Harbour', 'Juniper'];
export const COLORS = [
  { name: 'Forest green', hex: '#2E6B3F' },
  { name: 'Ocean blue', hex: '#2A6EBB' },
  { name: 'Sand', hex: '#D8C6A1' },
  { name: 'Charcoal', hex: '#333333' },
  { name: 'Natural', hex: '#EFE8DA' },
  { name: 'Terracotta', hex: '#C4663A' },
];
export const FIRST_NAMES = ['Amara', 'Ben', 'Chen', 'Daria', 'Elif', 'Felix', 'Grace', 'Hiro', 'Ines', 'Jonas', 'Kavya', 'Liam', 'Maya', 'Noah', 'Olu', 'Priya', 'Quinn', 'Rosa', 'Sami', 'Tara', 'Umar', 'Vera', 'Wei', 'Yara', 'Zoe'];
export const LAST_NAMES = ['Adeyemi', 'Bauer', 'Costa', 'Dubois', 'Evans', 'Fischer', 'Garcia', 'Hansen', 'Ito', 'Jensen', 'Kowalski', 'Lopez', 'Murphy', 'Nakamura', 'Okafor', 'Patel', 'Rossi', 'Singh', 'Tanaka', 'Novak', 'Walsh', 'Zhang'];
export const BUSINESS_WORDS = ['Green', 'Leaf', 'Blue', 'River', 'Stone', 'Oak', 'Sun', 'Harbor', 'Field', 'Cedar', 'Pine', 'North', 'Bright', 'Clear', 'Fox'];
export const BUSINESS_KINDS = ['Logistics', 'Studio', 'Foods', 'Consulting', 'Energy', 'Outfitters', 'Analytics', 'Bakery', 'Architects', 'Labs'];
export const INDUSTRIES = ['Retail', 'Software', 'Manufacturing', 'Hospitality', 'Consulting', 'Logistics', 'Education', 'Healthcare'];
export const SIZES = ['1-10', '11-50', '51-200', '201-1000', '1000+'] as const;
export const EVENT_KINDS = ['Summit', 'Offsite', 'Conference', 'Meetup', 'Workshop', 'Gala', 'Hackathon', 'Retreat'];
export const CITIES = [
  { city: 'London', country: 'GB' },
  { city: 'Berlin', country: 'DE' },
  { city: 'Paris', country: 'FR' },
  { city: 'New York', country: 'US' },
  { city: 'Toronto', country: 'CA' },
  { city: 'Mumbai', country: 'IN' },
  { city: 'Tokyo', country: 'JP' },
  { city: 'Shanghai', country: 'CN' },
  { city: 'Madrid', country: 'ES' },
  { city: 'Nairobi', country: 'KE' },
];
export const CURRENCY_OF: Record<string, Currency> = { GB: 'GBP', DE: 'EUR', FR: 'EUR', ES: 'EUR', US: 'USD', CA: 'CAD', IN: 'INR', JP: 'JPY', CN: 'CNY', KE: 'USD' };

export const DAY = 86_400_000;
/** Rows per INSERT statement when the data set is written in bulk. */
const CHUNK = 500;

export async function insertChunks<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += CHUNK) await insert(rows.slice(i, i + CHUNK));
}
