/**
 * Small SVG toolkit shared by every drawing: a seeded random source, a number-rounding template
 * tag, colour mixing, gradients and shapes. Everything returns plain strings so drawings can be
 * composed with `+` and the output stays byte-for-byte reproducible.
 */

export type Rand = () => number;

/** mulberry32 seeded with an FNV-1a hash: the same slug always gives the same picture. */
export function seeded(seed: string): Rand {
  let h = 2166136261;
  for (const ch of seed) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
  return () => {
    h = (h + 0x6d2b79f5) | 0;
    let t = h;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
export const between = (r: Rand, a: number, b: number) => a + (b - a) * r();

/** Template tag that rounds interpolated numbers to one decimal: keeps the files small. */
export function s(strings: TemplateStringsArray, ...values: (string | number)[]): string {
  let out = strings[0];
  values.forEach((value, i) => {
    out += (typeof value === 'number' ? String(Math.round(value * 10) / 10) : value) + strings[i + 1];
  });
  return out;
}

function mix(a: string, b: string, t: number): string {
  const parse = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  const x = parse(a);
  const y = parse(b);
  return `#${x.map((c, i) => Math.round(c + (y[i] - c) * t).toString(16).padStart(2, '0')).join('')}`;
}
export const tint = (hex: string, t: number) => mix(hex, '#ffffff', t);
export const shade = (hex: string, t: number) => mix(hex, '#000000', t);

type Stop = [offset: number, color: string, opacity?: number];
function stops(list: Stop[]): string {
  return list.map(([o, c, op]) => s`<stop offset="${o}" stop-color="${c}"${op === undefined ? '' : s` stop-opacity="${op}"`}/>`).join('');
}
export const linear = (id: string, list: Stop[], x2 = 0, y2 = 1) => s`<linearGradient id="${id}" x1="0" y1="0" x2="${x2}" y2="${y2}">${stops(list)}</linearGradient>`;
export const radial = (id: string, list: Stop[]) => `<radialGradient id="${id}">${stops(list)}</radialGradient>`;

export function svg(width: number, height: number, defs: string, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}">${defs ? `<defs>${defs}</defs>` : ''}${body}</svg>\n`;
}

export const rect = (x: number, y: number, w: number, h: number, fill: string, rx = 0, extra = '') =>
  s`<rect x="${x}" y="${y}" width="${w}" height="${h}"${rx ? s` rx="${rx}"` : ''} fill="${fill}"${extra}/>`;
export const circle = (cx: number, cy: number, r: number, fill: string, extra = '') => s`<circle cx="${cx}" cy="${cy}" r="${r}" fill="${fill}"${extra}/>`;
export const ellipse = (cx: number, cy: number, rx: number, ry: number, fill: string, extra = '') =>
  s`<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="${fill}"${extra}/>`;
export const path = (d: string, fill: string, extra = '') => `<path d="${d}" fill="${fill}"${extra}/>`;
export const stroke = (d: string, color: string, width: number, extra = '') =>
  s`<path d="${d}" fill="none" stroke="${color}" stroke-width="${width}" stroke-linecap="round"${extra}/>`;

/** Budget every committed catalog image must stay under (apps/api/data/README.md promises it). */
const MAX_BYTES = 6 * 1024;

/** Throws rather than writing an oversized file, so a drawing change that bloats one is caught. */
export function assertWithinBudget(publicPath: string, content: string): void {
  if (Buffer.byteLength(content) > MAX_BYTES) throw new Error(`${publicPath} is ${Buffer.byteLength(content)} bytes, over the ${MAX_BYTES}-byte budget`);
}
