/**
 * Draws every catalog image as a small, committed SVG under apps/web/public/catalog:
 * one flat illustration per offset project, one product drawing per colour of each good,
 * the 17 SDG tiles and the certification badges. The seed stores their public paths.
 *
 * Run from the repository root: node --import tsx apps/api/scripts/draw-catalog-images.ts
 *
 * Output is deterministic (randomness is seeded by the product slug), so re-running it after
 * a catalog change only alters the files of products that changed.
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import nodePath from 'node:path';
import { CATALOG, productImages } from '../src/db/seed/catalog.ts';
import { SDGS, sdgImagePath, STANDARDS, standardLogoPath, type StandardMark } from '../src/db/seed/taxonomy.ts';
import type { GoodsDrawing, OffsetScene } from '../src/db/seed/types.ts';

const publicDir = nodePath.resolve(import.meta.dirname, '../../web/public');
const MAX_BYTES = 6 * 1024;

// ---------------------------------------------------------------------------------------------
// Small SVG toolkit

type Rand = () => number;

/** mulberry32 seeded with an FNV-1a hash: the same slug always gives the same picture. */
function seeded(seed: string): Rand {
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
const between = (r: Rand, a: number, b: number) => a + (b - a) * r();

/** Template tag that rounds interpolated numbers to one decimal: keeps the files small. */
function s(strings: TemplateStringsArray, ...values: (string | number)[]): string {
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
const tint = (hex: string, t: number) => mix(hex, '#ffffff', t);
const shade = (hex: string, t: number) => mix(hex, '#000000', t);

type Stop = [offset: number, color: string, opacity?: number];
function stops(list: Stop[]): string {
  return list.map(([o, c, op]) => s`<stop offset="${o}" stop-color="${c}"${op === undefined ? '' : s` stop-opacity="${op}"`}/>`).join('');
}
const linear = (id: string, list: Stop[], x2 = 0, y2 = 1) => s`<linearGradient id="${id}" x1="0" y1="0" x2="${x2}" y2="${y2}">${stops(list)}</linearGradient>`;
const radial = (id: string, list: Stop[]) => `<radialGradient id="${id}">${stops(list)}</radialGradient>`;

function svg(width: number, height: number, defs: string, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}">${defs ? `<defs>${defs}</defs>` : ''}${body}</svg>\n`;
}

const rect = (x: number, y: number, w: number, h: number, fill: string, rx = 0, extra = '') =>
  s`<rect x="${x}" y="${y}" width="${w}" height="${h}"${rx ? s` rx="${rx}"` : ''} fill="${fill}"${extra}/>`;
const circle = (cx: number, cy: number, r: number, fill: string, extra = '') => s`<circle cx="${cx}" cy="${cy}" r="${r}" fill="${fill}"${extra}/>`;
const ellipse = (cx: number, cy: number, rx: number, ry: number, fill: string, extra = '') =>
  s`<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="${fill}"${extra}/>`;
const path = (d: string, fill: string, extra = '') => `<path d="${d}" fill="${fill}"${extra}/>`;
const stroke = (d: string, color: string, width: number, extra = '') =>
  s`<path d="${d}" fill="none" stroke="${color}" stroke-width="${width}" stroke-linecap="round"${extra}/>`;

// ---------------------------------------------------------------------------------------------
// Landscape pieces (800×600)

type Scene = [defs: string, body: string];

const skyRect = '<rect width="800" height="600" fill="url(#sky)"/>';
const skyDefs = (top: string, bottom: string) => linear('sky', [[0, top], [1, bottom]]);

/** A smooth line of hills whose crest wanders around `y`, filled down to the bottom edge. */
function ridge(r: Rand, y: number, amp: number, fill: string, segments = 4): string {
  const step = 800 / segments;
  let d = s`M0 ${y - r() * amp}`;
  for (let i = 1; i <= segments; i++) {
    const end = y - r() * amp;
    d += i === 1 ? s`Q${step / 2} ${y - amp * between(r, 0.6, 1.6)} ${step} ${end}` : s`T${i * step} ${end}`;
  }
  return path(`${d}V600H0Z`, fill);
}

/** A band of rounded tree crowns (a forest seen from afar) resting on `y`. */
function canopy(r: Rand, y: number, fill: string, minW: number, maxW: number, bump: number): string {
  let d = s`M-40 ${y}`;
  let x = -40;
  let current = y;
  while (x < 840) {
    const w = between(r, minW, maxW);
    const next = y + between(r, -bump, bump);
    d += s`a${w / 2} ${w * between(r, 0.35, 0.6)} 0 0 1 ${w} ${next - current}`;
    x += w;
    current = next;
  }
  return path(`${d}V600H-40Z`, fill);
}

function cloud(x: number, y: number, k: number, opacity = 0.85): string {
  return s`<path d="M${x} ${y}a${22 * k} ${22 * k} 0 0 1 ${40 * k} ${-12 * k}a${30 * k} ${30 * k} 0 0 1 ${56 * k} ${4 * k}a${20 * k} ${20 * k} 0 0 1 ${30 * k} ${8 * k}Z" fill="#fff" opacity="${opacity}"/>`;
}

const birds = (x: number, y: number, color = '#4A5A5E') =>
  stroke(s`M${x} ${y}q7 -7 14 0q7 -7 14 0M${x + 40} ${y - 18}q5 -5 10 0q5 -5 10 0`, color, 2.5);

function roundTree(x: number, base: number, size: number, leaf: string, trunk = '#6B4F3A'): string {
  return (
    rect(x - size * 0.07, base - size * 0.8, size * 0.14, size * 0.8, trunk) +
    circle(x, base - size, size * 0.45, leaf) +
    circle(x - size * 0.3, base - size * 0.72, size * 0.32, leaf) +
    circle(x + size * 0.3, base - size * 0.72, size * 0.32, leaf)
  );
}

function pine(x: number, base: number, h: number, fill: string): string {
  const w = h * 0.3;
  return path(
    s`M${x} ${base - h}L${x + w * 0.6} ${base - h * 0.6}H${x + w * 0.3}L${x + w * 0.85} ${base - h * 0.3}H${x + w * 0.5}L${x + w} ${base - h * 0.05}H${x - w}L${x - w * 0.5} ${base - h * 0.3}H${x - w * 0.85}L${x - w * 0.3} ${base - h * 0.6}H${x - w * 0.6}Z`,
    fill,
  );
}

function sapling(x: number, base: number, k: number, leaf: string): string {
  return (
    stroke(s`M${x + 9 * k} ${base}v${-34 * k}`, '#9C7B56', 3 * k) +
    stroke(s`M${x} ${base}v${-42 * k}`, '#5E7B3A', 3 * k) +
    ellipse(x - 9 * k, base - 38 * k, 10 * k, 5 * k, leaf, s` transform="rotate(-25 ${x - 9 * k} ${base - 38 * k})"`) +
    ellipse(x + 9 * k, base - 46 * k, 10 * k, 5 * k, leaf, s` transform="rotate(25 ${x + 9 * k} ${base - 46 * k})"`) +
    ellipse(x, base - 52 * k, 5 * k, 9 * k, leaf)
  );
}

const sun = (x: number, y: number, r: number, color: string) => circle(x, y, r * 1.6, color, ' opacity=".25"') + circle(x, y, r, color);

// ---------------------------------------------------------------------------------------------
// Offset project scenes

const SCENES: Record<OffsetScene, (r: Rand, accent?: string) => Scene> = {
  rainforest: (r) => [
    skyDefs('#D5EADF', '#F5F2E4') + linear('mist', [[0, '#fff', 0], [0.5, '#fff', 0.55], [1, '#fff', 0]]),
    skyRect +
      sun(590, 150, 46, '#F7E3B0') +
      ridge(r, 250, 60, '#B5D3BE') +
      canopy(r, 300, '#8DBC98', 50, 90, 10) +
      '<rect y="280" width="800" height="60" fill="url(#mist)"/>' +
      roundTree(between(r, 150, 300), 420, 130, '#4E8A5E', '#5A4A3A') +
      roundTree(between(r, 520, 650), 420, 115, '#4E8A5E', '#5A4A3A') +
      canopy(r, 380, '#5C9A6C', 60, 110, 14) +
      canopy(r, 470, '#3D7A50', 70, 130, 16) +
      canopy(r, 560, '#2C6140', 90, 150, 14) +
      birds(between(r, 380, 460), 170),
  ],
  dryland: (r) => {
    let trees = '';
    for (let i = 0; i < 4; i++) {
      const x = 90 + i * 200 + between(r, -40, 40);
      const base = between(r, 430, 520);
      const k = between(r, 120, 190);
      trees +=
        stroke(s`M${x} ${base}V${base - k * 0.55}L${x - k * 0.3} ${base - k * 0.85}M${x} ${base - k * 0.55}L${x + k * 0.28} ${base - k * 0.88}`, '#5B4636', k * 0.05) +
        ellipse(x, base - k * 0.9, k * 0.55, k * 0.12, '#6E8B3D') +
        ellipse(x - k * 0.08, base - k, k * 0.36, k * 0.09, '#86A24C');
    }
    return [
      skyDefs('#F6D9A8', '#FDF4E3'),
      skyRect + sun(600, 180, 58, '#F4B860') + ridge(r, 380, 40, '#E4C48F') + ridge(r, 430, 20, '#D6AE6E') + trees + ridge(r, 540, 18, '#C69A5C'),
    ];
  },
  agroforestry: (r) => {
    let back = '';
    for (let i = 0; i < 5; i++) back += roundTree(70 + i * 165 + between(r, -30, 30), 350 + between(r, -10, 10), between(r, 40, 60), '#4F8A4E');
    let front = '';
    for (let y = 470; y < 600; y += 26) front += stroke(s`M0 ${y}Q400 ${y - 30} 800 ${y}`, '#5D9A4E', 9, ' stroke-dasharray="4 14"');
    for (let i = 0; i < 4; i++) front += roundTree(110 + i * 200 + between(r, -30, 30), 470 + between(r, 0, 40), between(r, 80, 110), '#3F7A45');
    return [
      skyDefs('#D9EEE4', '#F7F6EC'),
      skyRect + sun(160, 130, 40, '#F5DFA0') + ridge(r, 260, 50, '#B3D4AE') + ridge(r, 340, 40, '#94C484') + back + ridge(r, 430, 30, '#7DB26C') + front,
    ];
  },
  saplings: (r) => {
    let rows = '';
    for (let k = 0; k < 5; k++) {
      const y = 372 + k * 26 + k * k * 10;
      const count = 9 - k;
      for (let i = 0; i < count; i++) rows += s`<use href="#s" transform="translate(${(800 / count) * (i + 0.5) + between(r, -12, 12)} ${y}) scale(${0.45 + k * 0.28})"/>`;
    }
    return [
      skyDefs('#DDEFF3', '#F8F7EE') + linear('field', [[0, '#C6DA9C'], [1, '#9EBF72']]) + `<g id="s">${sapling(0, 0, 1, '#74AF55')}</g>`,
      skyRect + cloud(120, 150, 1.3) + cloud(540, 110, 1) + canopy(r, 335, '#8DB596', 40, 90, 8) + '<rect y="345" width="800" height="255" fill="url(#field)"/>' + roundTree(between(r, 80, 200), 350, 70, '#5E9466') + rows,
    ];
  },
  conifers: (r) => {
    let d = 'M0 330';
    for (let x = 100; x <= 800; x += 140) d += s`L${x - 70} ${between(r, 150, 230)}L${x} ${between(r, 260, 310)}`;
    let trees = '';
    for (let i = 0; i < 14; i++) trees += pine(i * 60 + between(r, 0, 30), 400, between(r, 70, 110), '#5E8A7A');
    for (let i = 0; i < 9; i++) trees += pine(i * 95 + between(r, 0, 40), 480, between(r, 120, 170), '#3E6E5E');
    for (let i = 0; i < 5; i++) trees += pine(i * 180 + between(r, 20, 80), 600, between(r, 230, 300), '#2B5446');
    return [
      skyDefs('#D8E6EE', '#F4F6F2') + linear('mist', [[0, '#fff', 0], [1, '#fff', 0.8]]),
      skyRect + path(`${d}V600H0Z`, '#A8BDCB') + ridge(r, 340, 50, '#8FA9B8') + '<rect y="300" width="800" height="90" fill="url(#mist)"/>' + trees + ridge(r, 590, 10, '#2B5446'),
    ];
  },
  'peat-swamp': (r) => {
    let trees = '';
    for (let i = 0; i < 9; i++) {
      const x = 40 + i * 90 + between(r, -20, 20);
      const h = between(r, 130, 230);
      trees += rect(x - 3, 360 - h, 6, h, '#5A4A3E') + ellipse(x, 360 - h, between(r, 22, 40), between(r, 14, 22), '#4F7A5A') + ellipse(x + 12, 372 - h, 18, 10, '#5F8C68');
    }
    return [
      skyDefs('#E2EEE7', '#F6F2E6') + linear('water', [[0, '#93ADA6'], [1, '#5B7A74']]) + `<g id="t">${trees}</g>`,
      skyRect +
        canopy(r, 330, '#A6C1A8', 40, 80, 6) +
        '<rect y="360" width="800" height="240" fill="url(#water)"/>' +
        '<use href="#t" transform="matrix(1 0 0 -1 0 720)" opacity=".22"/><use href="#t"/>' +
        stroke(s`M${between(r, 80, 200)} 420h90M${between(r, 400, 520)} 470h130M${between(r, 200, 320)} 530h70`, '#fff', 3, ' opacity=".35"') +
        stroke('M40 600q4 -60 10 -80M56 600q2 -40 -6 -70M740 600q-4 -70 6 -90M756 600q0 -50 10 -66', '#4F6B45', 4),
    ];
  },
  moorland: (r) => {
    let tufts = '';
    for (let i = 0; i < 22; i++) {
      const x = between(r, 0, 800);
      const y = between(r, 400, 590);
      const k = (y - 350) / 160;
      tufts += stroke(s`M${x} ${y}l${-6 * k} ${-18 * k}M${x} ${y}v${-22 * k}M${x} ${y}l${6 * k} ${-18 * k}`, '#6E7C44', 2.5 * k);
    }
    return [
      skyDefs('#E2EAEE', '#F4F1E7') + linear('land', [[0, '#B8BC84'], [1, '#8C985C']]),
      skyRect +
        cloud(90, 140, 1.6) +
        cloud(520, 100, 1.2) +
        ridge(r, 360, 14, '#B5C09D') +
        '<rect y="365" width="800" height="235" fill="url(#land)"/>' +
        ellipse(between(r, 180, 260), 420, 130, 16, '#C6DCE0') +
        ellipse(between(r, 520, 620), 460, 170, 22, '#C6DCE0') +
        ellipse(between(r, 250, 350), 525, 150, 24, '#BFD6DB') +
        ellipse(between(r, 620, 700), 555, 110, 18, '#C6DCE0') +
        tufts +
        birds(between(r, 300, 420), 200, '#5B6466'),
    ];
  },
  cookstove: (_r, accent = '#B5653D') => [
    linear('sky', [[0, '#F4E6D3'], [1, '#E8D2B6']]) + radial('glow', [[0, '#FFE08A'], [0.5, '#F59E42'], [1, '#F59E42', 0]]),
    skyRect +
      rect(80, 90, 180, 150, '#F9F1E3', 6) +
      stroke('M170 90v150M80 165h180', '#D2B893', 6) +
      rect(540, 150, 200, 10, '#A57C55') +
      rect(560, 100, 40, 50, '#D9A066', 6) +
      rect(615, 112, 36, 38, '#8FAE86', 6) +
      rect(665, 95, 44, 55, '#E7D6B8', 6) +
      rect(0, 430, 800, 170, '#C9A27C') +
      ellipse(400, 480, 170, 18, '#000', ' opacity=".12"') +
      path('M300 478L320 332H480L500 478Z', accent) +
      rect(310, 322, 180, 18, shade(accent, 0.2), 6) +
      path('M352 478V430Q400 380 448 430V478Z', '#3A2A22') +
      ellipse(400, 452, 60, 40, 'url(#glow)') +
      path('M400 470c-22 0 -26 -24 -8 -44c2 14 12 14 10 0c14 14 22 44 -2 44Z', '#F8B84E') +
      path('M320 250H480V312Q400 330 320 312Z', '#4A4F54') +
      ellipse(400, 250, 80, 14, '#5D6368') +
      rect(388, 228, 24, 12, '#3A3F43', 4) +
      rect(332, 262, 10, 40, '#fff', 5, ' opacity=".18"') +
      stroke('M370 210c-14 -22 14 -34 0 -58M404 200c-14 -24 14 -36 0 -64M438 210c-14 -22 14 -34 0 -58', '#fff', 6, ' opacity=".75"') +
      stroke('M560 520l120 -34M570 540l130 -20M580 500l110 -40', '#8A5A3C', 12),
  ],
  wind: (r) => windScene(r, false),
  'wind-coast': (r) => windScene(r, true),
  'solar-park': (r) => {
    let rows = '';
    for (let k = 0; k < 5; k++) {
      const y = 360 + k * 22 + k * k * 12;
      const h = 14 + k * 11;
      const table = 130 + k * 40;
      let panels = '';
      let seams = '';
      let legs = '';
      for (let x = -between(r, 0, 60); x < 800; x += table + 12) {
        panels += s`M${x} ${y}h${table}l${-h * 0.5} ${h}h${-table}Z`;
        seams += s`M${x + table / 3} ${y}l${-h * 0.5} ${h}M${x + (2 * table) / 3} ${y}l${-h * 0.5} ${h}`;
        legs += s`M${x + table / 2 - h / 4} ${y + h}v${6 + k * 4}`;
      }
      rows += path(panels, 'url(#panel)') + stroke(seams, '#6A8FB5', 1 + k * 0.3) + stroke(legs, '#5C5C5C', 3 + k);
    }
    return [
      skyDefs('#CFE6F3', '#FBF5E7') + linear('panel', [[0, '#3A5F8A'], [1, '#1E3553']]) + linear('sand', [[0, '#EEDDB4'], [1, '#DCC290']]),
      skyRect + sun(170, 130, 50, '#F8D27A') + ridge(r, 330, 30, '#E5D0A2') + '<rect y="345" width="800" height="255" fill="url(#sand)"/>' + rows,
    ];
  },
  hydro: (r) => [
    skyDefs('#D6E9F0', '#F5F5EC') + linear('river', [[0, '#A9D6E3'], [1, '#6FB3C9']]),
    skyRect +
      path(s`M0 300L140 ${between(r, 150, 190)}L260 250L400 ${between(r, 120, 160)}L560 260L680 ${between(r, 170, 200)}L800 260V600H0Z`, '#AFC3CF') +
      ridge(r, 330, 50, '#97BE8F') +
      path('M500 330Q470 400 520 450Q580 520 520 600H680Q720 500 640 450Q580 410 580 330Z', 'url(#river)') +
      rect(490, 330, 100, 14, '#C9CDD0') +
      stroke('M530 370q20 40 0 80M610 470q30 50 -10 110', '#fff', 4, ' opacity=".5"') +
      stroke('M470 300L300 420', '#6D7B84', 16) +
      rect(190, 400, 150, 90, '#ECE6DA') +
      path('M180 404L265 360L350 404Z', '#9C5B45') +
      rect(212, 425, 26, 26, '#9FC3D3') +
      rect(252, 425, 26, 26, '#9FC3D3') +
      rect(292, 440, 28, 50, '#7B6B5E') +
      roundTree(110, 500, 70, '#5F9A5E') +
      roundTree(720, 470, 60, '#5F9A5E') +
      ridge(r, 560, 20, '#86B27A'),
  ],
  'solar-home': (r) => {
    let stars = '';
    for (let i = 0; i < 14; i++) stars += circle(between(r, 20, 780), between(r, 20, 200), between(r, 1, 2.4), '#fff', ' opacity=".8"');
    return [
      skyDefs('#6C82AE', '#F6C8A0') + radial('glow', [[0, '#FFE29A', 0.9], [1, '#FFE29A', 0]]),
      skyRect +
        stars +
        circle(640, 120, 26, '#FDF3D8') +
        circle(652, 112, 24, '#8C9BBE') +
        ridge(r, 450, 40, '#6F8C68') +
        ellipse(400, 410, 150, 110, 'url(#glow)') +
        rect(270, 330, 260, 160, '#E9D7B9') +
        path('M250 338L400 240L550 338Z', '#8E5038') +
        path('M420 282L500 282L526 322L446 322Z', '#2E4A6B') +
        stroke('M447 282l26 40M473 282l26 40M433 302h80', '#6A8FB5', 2) +
        rect(310, 375, 70, 56, '#FFD36E', 4) +
        stroke('M345 375v56M310 403h70', '#B98C52', 4) +
        rect(430, 390, 56, 100, '#7A5A44', 4) +
        roundTree(160, 500, 90, '#4F7A4A', '#4C3B2E') +
        ridge(r, 540, 16, '#5E7A57'),
    ];
  },
  mangroves: (r) => {
    let trees = '';
    for (let i = 0; i < 6; i++) {
      const x = 60 + i * 135 + between(r, -25, 25);
      const base = between(r, 390, 420);
      const k = between(r, 0.8, 1.2);
      let roots = '';
      for (const dx of [-60, -36, -14, 14, 38, 62]) roots += s`M${x} ${base - 40 * k}Q${x + dx * 0.6 * k} ${base - 50 * k} ${x + dx * k} ${base + 12}`;
      trees +=
        stroke(roots, '#6B5443', 4) +
        rect(x - 5, base - 90 * k, 10, 55 * k, '#6B5443') +
        ellipse(x, base - 110 * k, 70 * k, 38 * k, '#3E7A52') +
        ellipse(x - 40 * k, base - 92 * k, 40 * k, 26 * k, '#4E8C60') +
        ellipse(x + 42 * k, base - 96 * k, 42 * k, 26 * k, '#467F57');
    }
    return [
      skyDefs('#D6ECEF', '#F6F3E8') + linear('water', [[0, '#95CBD0'], [1, '#5D9FA8']]) + `<g id="t">${trees}</g>`,
      skyRect +
        cloud(580, 120, 1.3) +
        canopy(r, 330, '#88AE90', 40, 80, 6) +
        '<rect y="345" width="800" height="255" fill="url(#water)"/>' +
        '<use href="#t" transform="matrix(1 0 0 -1 0 850)" opacity=".18"/><use href="#t"/>' +
        stroke(s`M${between(r, 60, 200)} 500h120M${between(r, 420, 560)} 545h150M${between(r, 220, 340)} 580h80`, '#fff', 3, ' opacity=".4"'),
    ];
  },
  seagrass: (r) => {
    let grass = '';
    for (let i = 0; i < 34; i++) {
      const x = between(r, 10, 790);
      const h = between(r, 110, 250);
      const sway = between(r, -40, 40);
      grass += stroke(s`M${x} 560C${x + sway} ${560 - h * 0.4} ${x - sway} ${560 - h * 0.7} ${x + sway * 0.8} ${560 - h}`, i % 3 ? '#4F9E62' : '#6DB86F', between(r, 5, 9));
    }
    const fish = (x: number, y: number, k: number) => path(s`M${x} ${y}c${8 * k} ${-9 * k} ${24 * k} ${-9 * k} ${30 * k} 0c${-6 * k} ${9 * k} ${-22 * k} ${9 * k} ${-30 * k} 0zm${30 * k} 0l${10 * k} ${-7 * k}v${14 * k}z`, '#F2C14E');
    return [
      skyDefs('#2A9BBE', '#0C4A6A'),
      skyRect +
        path('M120 0h70l-150 600h-40ZM380 0h90l-120 600h-60ZM640 0h60l-40 600h-80Z', '#fff', ' opacity=".07"') +
        ridge(r, 560, 24, '#D6C596', 5) +
        grass +
        fish(between(r, 150, 250), 210, 1.4) +
        fish(between(r, 450, 560), 150, 1) +
        fish(between(r, 520, 640), 260, 1.2) +
        circle(330, 180, 5, 'none', ' stroke="#fff" stroke-width="2" opacity=".5"') +
        circle(340, 150, 3.5, 'none', ' stroke="#fff" stroke-width="2" opacity=".5"') +
        circle(326, 125, 2.5, 'none', ' stroke="#fff" stroke-width="2" opacity=".5"'),
    ];
  },
  'direct-air-capture': (r) => {
    let fans = '';
    for (let row = 0; row < 2; row++) for (let i = 0; i < 5; i++) fans += `<use href="#f" x="${205 + i * 82}" y="${352 + row * 72}"/>`;
    return [
      skyDefs('#D5DFE6', '#F2F2EE') +
        '<g id="f"><circle r="28" fill="#37474F"/><path d="M0 0l-6 -24h12zM0 0l24 -6v12zM0 0l6 24h-12zM0 0l-24 6v-12z" fill="#7E8E98"/><circle r="7" fill="#C5CED4"/></g>',
      skyRect +
        ellipse(130, 250, 40, 26, '#fff', ' opacity=".7"') +
        ellipse(150, 215, 30, 20, '#fff', ' opacity=".55"') +
        ridge(r, 300, 50, '#7F8E98') +
        rect(110, 272, 40, 28, '#C9CFD3') +
        ridge(r, 440, 20, '#4A4F55') +
        ellipse(between(r, 80, 200), 520, 80, 14, '#7E9461') +
        ellipse(between(r, 560, 700), 560, 100, 16, '#7E9461') +
        ellipse(400, 478, 260, 14, '#000', ' opacity=".2"') +
        rect(160, 310, 440, 160, '#E6EAED', 8) +
        rect(160, 310, 440, 16, '#C7CED3', 8) +
        fans +
        rect(600, 420, 90, 10, '#8D9AA3') +
        path('M660 470a44 40 0 0 1 88 0Z', '#F3F3F1') +
        rect(700, 370, 10, 60, '#8D9AA3'),
    ];
  },
  biochar: (r) => {
    let forest = '';
    for (let i = 0; i < 16; i++) forest += pine(i * 52 + between(r, 0, 20), 380, between(r, 80, 130), i % 2 ? '#5E8C73' : '#4E7C64');
    let logs = '';
    for (const [x, y] of [[120, 470], [160, 470], [200, 470], [140, 438], [180, 438], [160, 406]]) logs += circle(x, y, 18, '#C89B6A') + circle(x, y, 8, 'none', ' stroke="#A0764C" stroke-width="3"');
    return [
      skyDefs('#E1ECE7', '#F7F3E9'),
      skyRect +
        forest +
        ridge(r, 420, 16, '#B7B48A') +
        ellipse(390, 300, 30, 20, '#D5D8D8', ' opacity=".6"') +
        ellipse(410, 250, 40, 26, '#E2E4E4', ' opacity=".45"') +
        rect(388, 270, 24, 60, '#5E6A6F') +
        path('M320 360L400 300L480 360Z', '#6C797E') +
        rect(320, 360, 160, 130, '#7E8B90') +
        stroke('M320 400h160M320 450h160', '#6A767B', 4) +
        circle(400, 425, 12, '#F59E42') +
        logs +
        path('M540 490Q600 390 660 400Q720 410 770 490Z', '#2A2A2A') +
        circle(600, 450, 4, '#555') +
        circle(650, 430, 5, '#555') +
        circle(700, 465, 4, '#555') +
        ridge(r, 560, 14, '#A5AE7C'),
    ];
  },
  'rock-weathering': (r) => {
    let rows = '';
    for (let k = 0; k < 7; k++) rows += rect(0, 390 + k * 30 + k * k * 3, 800, 8 + k * 2, '#7DA85C');
    return [
      skyDefs('#D8E9F2', '#F7F4EA'),
      skyRect +
        cloud(500, 130, 1.4) +
        ridge(r, 330, 40, '#A9C79A') +
        rect(0, 380, 800, 220, '#93BA70') +
        rows +
        path('M0 420H290L300 600H0Z', '#C9CCC6', ' opacity=".55"') +
        ellipse(210, 430, 90, 34, '#BABEC0', ' opacity=".6"') +
        ellipse(150, 410, 70, 26, '#C9CCCE', ' opacity=".5"') +
        rect(240, 420, 120, 50, '#8A6B4E', 4) +
        circle(290, 480, 18, '#2B2B2B') +
        rect(360, 440, 12, 12, '#555') +
        rect(372, 410, 130, 56, '#3E6E8E', 8) +
        rect(470, 350, 70, 80, '#3E6E8E', 6) +
        rect(480, 360, 50, 40, '#CFE3EE', 4) +
        circle(400, 475, 26, '#2B2B2B') +
        circle(400, 475, 10, '#C9C9C9') +
        circle(510, 470, 40, '#2B2B2B') +
        circle(510, 470, 15, '#C9C9C9'),
    ];
  },
  'landfill-gas': (r) => {
    let wells = '';
    for (const x of [220, 320, 420, 520, 610]) {
      const y = 480 - 170 * Math.sqrt(Math.max(0, 1 - ((x - 400) / 330) ** 2));
      wells += rect(x - 5, y - 34, 10, 40, '#7D8A90') + rect(x - 9, y - 40, 18, 10, '#E2A83B', 3);
    }
    return [
      skyDefs('#D9EAF1', '#F6F5EC'),
      skyRect +
        cloud(100, 120, 1.2) +
        ridge(r, 380, 30, '#B8D1A8') +
        ellipse(400, 480, 330, 170, '#8DB56F') +
        stroke('M140 420Q400 330 660 420M110 460Q400 380 690 460', '#9DC27E', 6) +
        wells +
        stroke('M220 360Q320 300 420 296T610 350', '#9AA5AB', 6, ' opacity=".9"') +
        rect(700, 250, 14, 230, '#9AA5AB') +
        path('M707 250c-14 0 -16 -20 -4 -36c0 10 8 10 8 0c8 10 12 36 -4 36Z', '#F59E42') +
        rect(600, 430, 90, 50, '#E7E3D9', 4) +
        ridge(r, 520, 16, '#A3C27F'),
    ];
  },
  biogas: (r) => [
    skyDefs('#D4E6F0', '#F6F4EA'),
    skyRect +
      path(s`M0 300L150 ${between(r, 130, 170)}L260 240L420 ${between(r, 100, 140)}L560 250L700 ${between(r, 150, 180)}L800 240V600H0Z`, '#C3D2DC') +
      path('M370 180L420 120L470 180L440 170L420 185L400 168Z', '#fff') +
      ridge(r, 340, 50, '#9CC08C') +
      ridge(r, 420, 24, '#86B174') +
      rect(170, 330, 200, 140, '#EFE3CF') +
      path('M150 338L270 260L390 338Z', '#B0553B') +
      rect(200, 370, 44, 40, '#9FC3D3', 4) +
      rect(290, 390, 44, 80, '#7A5A44', 4) +
      stroke('M370 430H500', '#7A8A92', 8) +
      path('M470 470a90 62 0 0 1 180 0Z', '#CFC6B6') +
      rect(555, 400, 10, 20, '#7A8A92') +
      rect(660, 440, 60, 30, '#B9AE9C', 4) +
      roundTree(730, 440, 70, '#5F9A5E') +
      ridge(r, 540, 14, '#78A565') +
      stroke('M60 560h120M220 575h140M440 560h120', '#5E8F4E', 10, ' stroke-dasharray="4 12"'),
  ],
  'dairy-digester': (r) => [
    skyDefs('#D6E8F2', '#F7F4EA'),
    skyRect +
      cloud(560, 110, 1.3) +
      ridge(r, 350, 30, '#B9D09B') +
      ridge(r, 400, 16, '#A9C584') +
      rect(90, 240, 60, 200, '#D8D4CC') +
      path('M90 240a30 26 0 0 1 60 0Z', '#BDB7AC') +
      path('M140 440V320L190 270L290 270L340 320V440Z', '#A24B3A') +
      stroke('M130 324L190 262L290 262L350 324', '#6E3A30', 10, ' stroke-linejoin="round"') +
      rect(205, 360, 70, 80, '#F3EBDD') +
      stroke('M205 360l70 80M275 360l-70 80', '#A24B3A', 6) +
      ellipse(560, 470, 200, 34, '#B9A57E') +
      path('M380 470Q560 400 740 470Z', '#2E3A40') +
      stroke('M440 452Q560 420 680 452', '#5D6B72', 4) +
      stroke('M740 468h30v-50', '#8D9AA3', 8) +
      rect(745, 380, 50, 40, '#E6E9EC', 4) +
      ridge(r, 540, 14, '#93B873'),
  ],
  'soil-carbon': (r) => {
    let plants = '';
    let roots = '';
    for (let i = 0; i < 16; i++) {
      const x = 25 + i * 50 + between(r, -8, 8);
      plants += stroke(s`M${x} 300l-12 -28M${x} 300v-34M${x} 300l12 -28`, i % 2 ? '#6FA84F' : '#82B85B', 5);
      const depth = between(r, 110, 230);
      roots += s`M${x} 304C${x - 10} ${304 + depth * 0.4} ${x + 14} ${304 + depth * 0.7} ${x} ${304 + depth}M${x} ${330 + depth * 0.2}l${-22} ${depth * 0.25}M${x + 2} ${320 + depth * 0.45}l20 ${depth * 0.2}`;
    }
    let grains = '';
    for (let i = 0; i < 18; i++) grains += ellipse(between(r, 10, 790), between(r, 340, 590), between(r, 5, 11), between(r, 3, 7), i % 2 ? '#8A7358' : '#2E2118');
    return [
      skyDefs('#D8ECF4', '#F6F4EA') + linear('soil', [[0, '#6E5039'], [1, '#3C2B1F']]),
      skyRect + cloud(150, 110, 1.2) + ridge(r, 270, 20, '#A9CC8E') + rect(0, 296, 800, 304, 'url(#soil)') + rect(0, 292, 800, 12, '#5B7F3E') + plants + stroke(roots, '#D9C3A0', 2.5, ' opacity=".75"') + grains + stroke(s`M${between(r, 500, 650)} 520q20 -16 40 0t40 0`, '#C98A7A', 7),
    ];
  },
  'rice-paddy': (r) => {
    let terraces = '';
    for (let k = 0; k < 5; k++) {
      const y = 300 + k * 50 + k * k * 6;
      const d = s`M-20 ${y + between(r, -10, 10)}Q400 ${y - 40 + between(r, -20, 20)} 820 ${y + between(r, -10, 10)}V600H-20Z`;
      terraces += path(d, k % 2 ? '#BEDDD6' : '#B3D6CD', ' stroke="#7E9B62" stroke-width="8"');
      let tufts = '';
      for (let i = 0; i < 12 - k; i++) {
        const x = between(r, 20, 780);
        const ty = y + 24 + k * 6;
        tufts += s`M${x} ${ty}l-6 -14M${x} ${ty}v-16M${x} ${ty}l6 -14`;
      }
      terraces += stroke(tufts, '#5E9B45', 3 + k * 0.6);
    }
    return [skyDefs('#E2EFE8', '#F8F5EA'), skyRect + sun(620, 140, 40, '#F6E2A6') + ridge(r, 260, 60, '#B0CBA8') + ridge(r, 300, 30, '#9BBE90') + terraces];
  },
};

function windScene(r: Rand, coast: boolean): Scene {
  const turbine = (x: number, base: number, h: number) => {
    const k = h / 260;
    return (
      path(s`M${x - 6 * k} ${base}L${x - 2.5 * k} ${base - h}H${x + 2.5 * k}L${x + 6 * k} ${base}Z`, '#F4F6F7') +
      s`<g transform="translate(${x} ${base - h}) rotate(${between(r, 0, 120)}) scale(${k})"><use href="#b"/><use href="#b" transform="rotate(120)"/><use href="#b" transform="rotate(240)"/></g>` +
      circle(x, base - h, 6 * k, '#DCE1E4')
    );
  };
  const land = coast
    ? '<rect y="380" width="800" height="220" fill="url(#sea)"/>' + stroke('M80 430h120M420 410h90M560 450h140', '#fff', 3, ' opacity=".5"') + path('M0 470Q200 360 420 420T800 400V600H0Z', '#9CC08A')
    : ridge(r, 380, 40, '#B7D4B0') + ridge(r, 460, 40, '#9CC08A');
  return [
    skyDefs('#C9E3F1', '#F3F8F5') + linear('sea', [[0, '#8CC3D8'], [1, '#4F95B5']]) + '<path id="b" d="M0 0C6 -12 7 -70 0 -118C-4 -70 -5 -14 0 0Z" fill="#F7F8F9"/>',
    skyRect + cloud(120, 140, 1.4) + cloud(560, 90, 1) + land + turbine(200, 470, 260) + turbine(430, 440, 200) + turbine(640, 450, 150) + ridge(r, 560, 20, '#86B27A'),
  ];
}

// ---------------------------------------------------------------------------------------------
// Goods drawings: the object in its colour on a soft backdrop

const GOODS: Record<GoodsDrawing, (c: string) => string> = {
  tshirt: (c) =>
    path('M345 140Q400 185 455 140L530 160L605 240L555 285L515 252L515 470Q400 482 285 470L285 252L245 285L195 240L270 160Z', c) +
    path('M352 142Q400 162 448 142Q400 178 352 142Z', shade(c, 0.3)) +
    stroke('M345 140Q400 185 455 140', shade(c, 0.15), 9) +
    stroke('M248 280L198 244M552 280L602 244', shade(c, 0.15), 6) +
    stroke('M330 300q10 60 0 140M470 320q-8 50 4 120', shade(c, 0.12), 4, ' opacity=".6"'),
  hoodie: (c) =>
    path('M320 160L270 170Q230 185 220 240L200 420Q222 432 245 425L272 275L275 470Q400 482 525 470L528 275L555 425Q578 432 600 420L580 240Q570 185 530 170L480 160Z', c) +
    path('M320 160Q310 95 400 88Q490 95 480 160Q440 200 400 200Q360 200 320 160Z', shade(c, 0.08)) +
    path('M345 165Q400 120 455 165Q430 195 400 195Q370 195 345 165Z', shade(c, 0.35)) +
    path('M325 370H475L500 440H300Z', shade(c, 0.07), ` stroke="${shade(c, 0.2)}" stroke-width="3"`) +
    path('M275 452Q400 464 525 452V470Q400 482 275 470Z', shade(c, 0.12)) +
    stroke('M200 408l45 10M555 418l45 -10', shade(c, 0.15), 8) +
    stroke('M385 195l-4 75M415 195l4 70', '#EFEAE0', 4),
  beanie: (c) =>
    `<pattern id="rib" width="16" height="10" patternUnits="userSpaceOnUse"><rect width="6" height="10" fill="#000" opacity=".12"/></pattern>` +
    path('M262 360Q258 172 400 165Q542 172 538 360Z', c) +
    path('M262 360Q258 172 400 165Q542 172 538 360Z', 'url(#rib)') +
    path('M380 168q20 -22 40 0', shade(c, 0.2)) +
    rect(245, 340, 310, 96, shade(c, 0.08), 22) +
    rect(245, 340, 310, 96, 'url(#rib)', 22),
  bottle: (c) =>
    path('M368 180V200Q338 215 338 252V470Q338 496 364 496H436Q462 496 462 470V252Q462 215 432 200V180Z', c) +
    rect(360, 108, 80, 62, '#C9A36B', 12) +
    stroke('M376 118v42M400 114v50M424 118v42', '#B08A55', 3) +
    rect(362, 166, 76, 16, '#B8BEC3', 4) +
    rect(354, 240, 14, 220, '#fff', 7, ' opacity=".22"') +
    rect(338, 290, 124, 10, shade(c, 0.08)),
  tote: (c) =>
    stroke('M318 252C318 110 382 110 382 252M418 252C418 110 482 110 482 252', shade(c, 0.1), 16) +
    path('M268 250H532L548 500H252Z', c) +
    stroke('M274 274H526', shade(c, 0.28), 2.5, ' stroke-dasharray="8 6"') +
    path('M400 330c40 20 40 80 0 110c-40 -30 -40 -90 0 -110Z', shade(c, 0.12)) +
    stroke('M400 340v96', tint(c, 0.25), 3),
  'food-wraps': (c) => {
    const wrap = (x: number, y: number, angle: number, fill: string, pattern: string) =>
      s`<g transform="rotate(${angle} ${x + 130} ${y + 130})">` + rect(x, y, 260, 260, fill, 10) + rect(x, y, 260, 260, `url(#${pattern})`, 10) + '</g>';
    return (
      '<pattern id="p1" width="28" height="28" patternUnits="userSpaceOnUse"><circle cx="14" cy="14" r="5" fill="#fff" opacity=".45"/></pattern>' +
      '<pattern id="p2" width="30" height="30" patternUnits="userSpaceOnUse"><path d="M15 5q10 10 0 20q-10 -10 0 -20Z" fill="#fff" opacity=".4"/></pattern>' +
      '<pattern id="p3" width="24" height="24" patternUnits="userSpaceOnUse"><path d="M0 24L24 0" stroke="#fff" stroke-width="5" opacity=".35"/></pattern>' +
      wrap(220, 190, -10, '#7FAF9A', 'p2') +
      wrap(300, 170, 6, '#E27D60', 'p3') +
      wrap(260, 220, -2, c, 'p1')
    );
  },
  cutlery: (c) =>
    rect(200, 170, 400, 300, c, 18) +
    rect(200, 330, 400, 140, shade(c, 0.15), 18) +
    path('M272 340V200Q272 176 290 176Q308 176 308 200V340Z', '#D3AE76') +
    path('M350 340V240h-12V170h8v50h6V170h8v50h6V170h8v70h-12V340Z', '#D3AE76') +
    path('M428 340V230Q416 222 416 196Q416 166 434 166Q452 166 452 196Q452 222 440 230V340Z', '#D3AE76') +
    path('M490 340L494 160H502L506 340ZM516 340L522 160H530L532 340Z', '#C49C62') +
    rect(552, 150, 12, 190, '#D3AE76', 6) +
    stroke('M600 300q40 20 30 70', '#E8DCC8', 5),
  'glass-containers': (c) => {
    const box = (x: number, y: number, w: number, h: number, food: string) =>
      rect(x, y, w, h, '#E3F2F4', 14, ' stroke="#A9CBD2" stroke-width="3" fill-opacity=".8"') +
      rect(x + 10, y + h * 0.45, w - 20, h * 0.5, food, 8) +
      rect(x - 4, y - 16, w + 8, 20, c, 6) +
      rect(x - 4, y, w + 8, 4, shade(c, 0.3));
    return box(250, 390, 300, 100, '#E8D6A4') + box(270, 270, 260, 96, '#8DBF6A') + box(290, 160, 220, 86, '#E79A4E');
  },
  'coffee-cup': (c) =>
    path('M322 206H478L460 470Q400 484 340 470Z', c) +
    path('M328 290H472L466 372H334Z', shade(c, 0.14)) +
    rect(308, 172, 184, 38, '#3B3F42', 14) +
    rect(430, 178, 30, 8, '#1F2224', 4) +
    rect(344, 220, 12, 230, '#fff', 6, ' opacity=".2"') +
    stroke('M380 150c-12 -18 12 -28 0 -48M420 150c-12 -18 12 -28 0 -48', '#9AA3A8', 5, ' opacity=".6"'),
  toothbrush: (c) => {
    let brushes = '';
    ['#F5F5F2', '#3A3A3A', '#8FB8A5', '#E9C9A8'].forEach((bristle, i) => {
      brushes +=
        s`<g transform="rotate(${-24 + i * 16} 400 520)">` +
        rect(388, 160, 24, 340, c, 12) +
        rect(412, 168, 16, 76, bristle, 3) +
        rect(392, 300, 6, 150, '#fff', 3, ' opacity=".25"') +
        '</g>';
    });
    return brushes;
  },
  'shampoo-bar': (c) =>
    ellipse(400, 410, 210, 64, '#B88A5A') +
    stroke('M240 400h320M230 420h340', '#9C7248', 4) +
    path('M270 330V370A130 44 0 0 0 530 370V330Z', shade(c, 0.15)) +
    ellipse(400, 330, 130, 44, c) +
    path('M400 300c30 10 30 40 0 56c-30 -16 -30 -46 0 -56Z', shade(c, 0.18)) +
    stroke('M560 300l70 -80', '#5E7B3A', 4) +
    stroke('M575 283l-16 -6M590 266l-16 -6M605 249l-16 -6M578 290l4 -16M594 272l4 -16M610 255l4 -16', '#6E9E5B', 5),
  'safety-razor': (c) =>
    `<pattern id="k" width="10" height="10" patternUnits="userSpaceOnUse"><path d="M0 10L10 0" stroke="#000" stroke-width="2" opacity=".18"/></pattern>` +
    rect(384, 240, 32, 270, c, 14) +
    rect(384, 290, 32, 180, 'url(#k)', 8) +
    rect(392, 210, 16, 40, shade(c, 0.1)) +
    rect(290, 166, 220, 48, tint(c, 0.1), 16) +
    rect(304, 186, 192, 7, '#EEF1F3', 3) +
    rect(392, 250, 6, 250, '#fff', 3, ' opacity=".3"'),
  'solar-charger': (c) => {
    let panels = '';
    for (let i = 0; i < 3; i++) panels += rect(150 + i * 172, 150, 152, 200, 'url(#cells)', 6);
    return (
      '<pattern id="cells" width="38" height="40" patternUnits="userSpaceOnUse"><rect width="38" height="40" fill="#21364F"/><path d="M0 0H38V40" fill="none" stroke="#4A6E95" stroke-width="2"/></pattern>' +
      rect(130, 130, 540, 240, c, 16) +
      panels +
      stroke('M312 140v220M484 140v220', shade(c, 0.3), 3) +
      stroke('M620 370q10 80 -60 110', '#333', 6) +
      rect(470, 420, 90, 150, '#2C2C2C', 14) +
      rect(480, 434, 70, 120, '#7DB4D8', 6) +
      rect(505, 480, 20, 30, '#6CC070', 3)
    );
  },
  daypack: (c) =>
    stroke('M300 200v200M500 200v200', shade(c, 0.35), 22) +
    path('M290 184Q290 140 334 140H466Q510 140 510 184L520 470Q520 500 490 500H310Q280 500 280 470Z', c) +
    stroke('M370 140q30 -40 60 0', shade(c, 0.3), 10) +
    stroke('M300 210Q400 176 500 210', shade(c, 0.3), 4) +
    rect(320, 330, 160, 130, shade(c, 0.08), 20) +
    stroke('M334 352H466', shade(c, 0.35), 3) +
    rect(380, 380, 40, 28, '#C9A37A', 4),
  notebook: (c) =>
    '<g transform="rotate(-6 400 300)">' +
    rect(282, 132, 270, 352, '#F5F1E6', 10) +
    rect(266, 122, 270, 352, c, 10) +
    rect(266, 122, 18, 352, shade(c, 0.2), 8) +
    rect(496, 122, 10, 352, shade(c, 0.35)) +
    path('M430 474V540L444 528L458 540V474Z', '#C0504D') +
    '</g>' +
    '<g transform="rotate(18 600 330)">' +
    rect(580, 180, 18, 260, '#E4C79B') +
    path('M580 440L589 470L598 440Z', '#EBD3AE') +
    path('M586 460L589 470L592 460Z', '#444') +
    '</g>',
  'seed-pencils': (c) => {
    let pencils = '';
    for (let i = 0; i < 8; i++) {
      const x = 170 + i * 40;
      pencils += rect(x, 170, 26, 270, '#E4C79B') + rect(x + 9, 170, 8, 270, '#D6B583') + path(s`M${x} 440L${x + 13} 484L${x + 26} 440Z`, '#EBD3AE') + path(s`M${x + 9} 472L${x + 13} 484L${x + 17} 472Z`, '#444') + rect(x, 130, 26, 44, c, 6) + rect(x, 164, 26, 8, tint(c, 0.4));
    }
    return (
      `<g transform="rotate(-12 330 300)">${pencils}</g>` +
      path('M560 390H680L664 500H576Z', '#C46E4A') +
      rect(552, 378, 136, 20, '#B05E3D', 4) +
      stroke('M620 380V300', '#5E7B3A', 5) +
      path('M620 320q-40 -10 -46 -44q40 4 46 44Z', '#6E9E5B') +
      path('M620 304q30 -34 62 -28q-20 38 -62 28Z', '#82B85B')
    );
  },
  'tea-towels': (c) => {
    const towel = (x: number, y: number, w: number) => rect(x, y, w, 130, '#F2EDE3', 8) + rect(x, y + 18, w, 10, c) + rect(x, y + 36, w, 4, c) + rect(x, y + 102, w, 10, c);
    return towel(220, 330, 360) + towel(240, 200, 330) + stroke('M500 200q20 -50 40 0', '#C8BFAF', 5);
  },
};

function goodsImage(drawing: GoodsDrawing, hex: string): string {
  const body = GOODS[drawing](hex);
  // Patterns and gradients a drawing needs are emitted inline in its body; move them to defs.
  const defs = (body.match(/<pattern[\s\S]*?<\/pattern>/g) ?? []).join('');
  return svg(
    800,
    600,
    linear('bg', [[0, '#F5F3EE'], [1, '#E6E1D7']], 1, 1) + defs,
    '<rect width="800" height="600" fill="url(#bg)"/>' +
      circle(400, 310, 230, tint(hex, 0.78), ' opacity=".55"') +
      ellipse(400, 520, 210, 22, '#000', ' opacity=".08"') +
      body.replace(/<pattern[\s\S]*?<\/pattern>/g, ''),
  );
}

function offsetImage(scene: OffsetScene, seed: string, accent?: string): string {
  const [defs, body] = SCENES[scene](seeded(seed), accent);
  return svg(800, 600, defs, body);
}

// ---------------------------------------------------------------------------------------------
// SDG tiles (our own simplified drawings in the official colours, not the UN icons)

const SDG_TITLES: Record<number, string[]> = {
  1: ['NO', 'POVERTY'],
  2: ['ZERO', 'HUNGER'],
  3: ['GOOD HEALTH', 'AND WELL-BEING'],
  4: ['QUALITY', 'EDUCATION'],
  5: ['GENDER', 'EQUALITY'],
  6: ['CLEAN WATER', 'AND SANITATION'],
  7: ['AFFORDABLE', 'AND CLEAN', 'ENERGY'],
  8: ['DECENT WORK', 'AND ECONOMIC', 'GROWTH'],
  9: ['INDUSTRY,', 'INNOVATION AND', 'INFRASTRUCTURE'],
  10: ['REDUCED', 'INEQUALITIES'],
  11: ['SUSTAINABLE', 'CITIES AND', 'COMMUNITIES'],
  12: ['RESPONSIBLE', 'CONSUMPTION', 'AND PRODUCTION'],
  13: ['CLIMATE', 'ACTION'],
  14: ['LIFE', 'BELOW WATER'],
  15: ['LIFE', 'ON LAND'],
  16: ['PEACE, JUSTICE', 'AND STRONG', 'INSTITUTIONS'],
  17: ['PARTNERSHIPS', 'FOR THE GOALS'],
};

/** White icons in a 200×200 tile, drawn in the lower part (roughly y 95..185). */
const SDG_ICONS: Record<number, (bg: string) => string> = {
  1: () => {
    let people = '';
    [[62, 1], [88, 0.75], [112, 0.75], [138, 1]].forEach(([x, k]) => {
      people += circle(x, 178 - 62 * k, 8 * k, '#fff') + path(s`M${x - 12 * k} 180V${178 - 32 * k}Q${x - 12 * k} ${178 - 50 * k} ${x} ${178 - 50 * k}Q${x + 12 * k} ${178 - 50 * k} ${x + 12 * k} ${178 - 32 * k}V180Z`, '#fff');
    });
    return people;
  },
  2: () => path('M50 130H150Q150 176 100 176Q50 176 50 130Z', '#fff') + stroke('M80 120c-8 -10 8 -16 0 -26M100 120c-8 -10 8 -16 0 -26M120 120c-8 -10 8 -16 0 -26', '#fff', 5),
  3: (bg) => path('M100 180L56 136Q40 118 56 102Q74 88 100 110Q126 88 144 102Q160 118 144 136Z', '#fff') + stroke('M52 132H80L88 116L100 150L110 126H148', bg, 5, ' stroke-linejoin="round"'),
  4: (bg) => path('M100 112Q76 98 46 104V170Q76 164 100 178Q124 164 154 170V104Q124 98 100 112Z', '#fff') + stroke('M100 112V176', bg, 4) + stroke('M150 96l-30 44', bg, 6),
  5: () => `<g fill="none" stroke="#fff" stroke-width="8" stroke-linecap="round">${s`<circle cx="100" cy="138" r="26"/>`}<path d="M119 119L140 98M126 98H140V112M100 164V186M88 176H112"/></g>` + stroke('M90 132h20M90 144h20', '#fff', 5),
  6: (bg) => path('M62 100H138L130 184H70Z', '#fff') + path('M100 116Q118 140 118 152A18 18 0 0 1 82 152Q82 140 100 116Z', bg),
  7: (bg) => {
    let rays = '';
    for (let i = 0; i < 12; i++) {
      const a = (i * Math.PI) / 6;
      rays += s`M${100 + Math.cos(a) * 36} ${140 + Math.sin(a) * 36}L${100 + Math.cos(a) * 48} ${140 + Math.sin(a) * 48}`;
    }
    return stroke(rays, '#fff', 6) + circle(100, 140, 28, '#fff') + stroke('M100 124v14M90 130a14 14 0 1 0 20 0', bg, 5);
  },
  8: () => rect(52, 150, 20, 32, '#fff') + rect(80, 136, 20, 46, '#fff') + rect(108, 120, 20, 62, '#fff') + rect(136, 100, 20, 82, '#fff') + stroke('M48 136L90 110L112 118L150 90', '#fff', 5),
  9: (bg) => {
    const cube = (x: number, y: number) => path(s`M${x} ${y}l24 -12l24 12v28l-24 12l-24 -12Z`, '#fff') + stroke(s`M${x} ${y}l24 12l24 -12M${x + 24} ${y + 12}v28`, bg, 3);
    return cube(52, 142) + cube(100, 142) + cube(76, 106);
  },
  10: () => path('M100 96L122 118H78ZM100 184L78 162H122ZM56 140L78 118V162ZM144 140L122 162V118Z', '#fff') + rect(84, 128, 32, 7, '#fff') + rect(84, 145, 32, 7, '#fff'),
  11: (bg) =>
    rect(44, 130, 30, 52, '#fff') + rect(80, 100, 34, 82, '#fff') + rect(120, 120, 36, 62, '#fff') + path('M118 120L138 104L158 120Z', '#fff') + stroke('M90 112v60M104 112v60M54 142v30M64 142v30M132 132v40M144 132v40', bg, 4, ' stroke-dasharray="6 6"'),
  12: () => stroke('M100 140C80 112 46 112 46 140C46 168 80 168 100 140C120 112 154 112 154 140C154 168 120 168 100 140', '#fff', 8) + path('M146 160l14 -4l-2 16Z', '#fff'),
  13: (bg) => path('M40 140Q100 84 160 140Q100 196 40 140Z', '#fff') + circle(100, 140, 26, bg) + stroke('M80 132q10 -8 20 0t20 0M82 148q8 6 18 0t18 0', '#fff', 4),
  14: (bg) => path('M56 136Q88 104 130 130L152 112V160L130 142Q88 168 56 136Z', '#fff') + circle(76, 132, 4, bg) + stroke('M44 172q14 -10 28 0t28 0t28 0t28 0', '#fff', 5),
  15: () => rect(96, 130, 8, 50, '#fff') + circle(100, 118, 26, '#fff') + circle(82, 132, 16, '#fff') + circle(118, 132, 16, '#fff') + stroke('M40 182H160', '#fff', 5) + stroke('M138 100q6 -6 12 0q6 -6 12 0', '#fff', 4),
  16: () => path('M54 150Q70 112 108 118L140 98L132 122Q150 140 130 160Q100 176 54 150Z', '#fff') + stroke('M120 160l24 20M108 166l8 16', '#fff', 5),
  17: () => `<g fill="none" stroke="#fff" stroke-width="7">${[0, 72, 144, 216, 288].map((deg) => s`<circle cx="${100 + Math.cos((deg * Math.PI) / 180) * 18}" cy="${140 + Math.sin((deg * Math.PI) / 180) * 18}" r="22"/>`).join('')}</g>`,
};

function sdgTile(goal: number, color: string): string {
  const lines = SDG_TITLES[goal];
  const x = goal < 10 ? 52 : 84;
  const longest = Math.max(...lines.map((line) => line.length));
  const size = Math.min(15, (200 - x - 8) / (longest * 0.7));
  const title = lines.map((line, i) => s`<tspan x="${x}" y="${24 + size + i * (size + 3)}">${line}</tspan>`).join('');
  return svg(
    200,
    200,
    '',
    rect(0, 0, 200, 200, color) +
      s`<text x="10" y="66" font-family="Helvetica, Arial, sans-serif" font-weight="700" font-size="56" fill="#fff">${goal}</text>` +
      s`<text font-family="Helvetica, Arial, sans-serif" font-weight="700" font-size="${size}" fill="#fff">${title}</text>` +
      SDG_ICONS[goal](color),
  );
}

// ---------------------------------------------------------------------------------------------
// Standard badges (our own wordmark-style badges, not the organisations' logos)

const MARKS: Record<StandardMark, (c: string) => string> = {
  check: (c) => stroke('M36 48l8 9l16 -18', c, 6, ' stroke-linejoin="round"'),
  star: (c) => path('M48 30l5 11l12 1l-9 8l3 12l-11 -6l-11 6l3 -12l-9 -8l12 -1Z', c),
  leaf: (c) => path('M34 60C34 38 50 30 64 32C64 50 54 62 34 60Z', c) + stroke('M36 58l20 -18', '#fff', 2.5),
  layers: (c) => path('M48 30l18 9l-18 9l-18 -9Z', c) + stroke('M30 48l18 9l18 -9M30 56l18 9l18 -9', c, 4, ' stroke-linejoin="round"'),
  globe: (c) => circle(48, 48, 17, 'none', ` stroke="${c}" stroke-width="4"`) + stroke('M31 48h34M48 31c-10 10 -10 24 0 34c10 -10 10 -24 0 -34', c, 3),
  people: (c) => circle(40, 38, 6, c) + circle(57, 38, 6, c) + path('M30 64q0 -18 10 -18t10 18ZM47 64q0 -18 10 -18t10 18Z', c),
  tree: (c) => path('M48 28l16 22h-9l11 12H30l11 -12h-9Z', c) + rect(45, 62, 6, 6, c),
  circle: (c) => circle(48, 48, 17, 'none', ` stroke="${c}" stroke-width="5"`) + circle(48, 48, 6, c),
};

function standardBadge(short: string, accent: string, mark: StandardMark): string {
  const available = 240 - 94 - 14;
  const size = Math.min(28, available / (short.length * 0.66));
  return svg(
    240,
    96,
    '',
    rect(2, 2, 236, 92, '#fff', 14, ` stroke="${accent}" stroke-width="3"`) +
      circle(48, 48, 30, tint(accent, 0.85)) +
      MARKS[mark](accent) +
      s`<text x="92" y="${50 + size * 0.1}" font-family="Helvetica, Arial, sans-serif" font-weight="700" font-size="${size}" fill="${accent}">${short}</text>` +
      s`<text x="92" y="74" font-family="Helvetica, Arial, sans-serif" font-weight="600" font-size="11" letter-spacing="2" fill="${shade(accent, 0.1)}" opacity=".75">CERTIFIED</text>`,
  );
}

// ---------------------------------------------------------------------------------------------

const written = new Map<string, string>();
function emit(publicPath: string, content: string) {
  if (Buffer.byteLength(content) > MAX_BYTES) throw new Error(`${publicPath} is ${Buffer.byteLength(content)} bytes, over the ${MAX_BYTES}-byte budget`);
  written.set(nodePath.join(publicDir, publicPath), content);
}

for (const product of CATALOG) {
  for (const image of productImages(product)) {
    if (product.kind === 'offset') emit(image.url, offsetImage(product.scene, product.slug, product.accent));
    else emit(image.url, goodsImage(product.drawing, image.hex ?? '#8FAA8B'));
  }
}
for (const goal of SDGS) emit(sdgImagePath(goal.number), sdgTile(goal.number, goal.color));
for (const standard of STANDARDS) emit(standardLogoPath(standard.slug), standardBadge(standard.short, standard.accent, standard.mark));

// The catalog folders belong to this script: files it no longer draws are removed.
for (const folder of ['products', 'sdgs', 'standards']) {
  const dir = nodePath.join(publicDir, 'catalog', folder);
  mkdirSync(dir, { recursive: true });
  for (const name of readdirSync(dir)) {
    if (name.endsWith('.svg') && !written.has(nodePath.join(dir, name))) rmSync(nodePath.join(dir, name));
  }
}
let bytes = 0;
for (const [file, content] of written) {
  writeFileSync(file, content);
  bytes += Buffer.byteLength(content);
}
console.log(`Wrote ${written.size} SVG files (${(bytes / 1024).toFixed(0)} KB) under ${nodePath.relative(process.cwd(), nodePath.join(publicDir, 'catalog'))}`);
