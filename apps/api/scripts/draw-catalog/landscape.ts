/** Landscape pieces (800×600) the offset project scenes are built from. */
import { between, circle, ellipse, linear, path, rect, s, stroke, type Rand } from './svg.ts';

export type Scene = [defs: string, body: string];

/** Draws one scene from the product's seeded random source and optional accent colour. */
export type SceneDraw = (r: Rand, accent?: string) => Scene;

export const skyRect = '<rect width="800" height="600" fill="url(#sky)"/>';
export const skyDefs = (top: string, bottom: string) => linear('sky', [[0, top], [1, bottom]]);

/** A smooth line of hills whose crest wanders around `y`, filled down to the bottom edge. */
export function ridge(r: Rand, y: number, amp: number, fill: string, segments = 4): string {
  const step = 800 / segments;
  let d = s`M0 ${y - r() * amp}`;
  for (let i = 1; i <= segments; i++) {
    const end = y - r() * amp;
    d += i === 1 ? s`Q${step / 2} ${y - amp * between(r, 0.6, 1.6)} ${step} ${end}` : s`T${i * step} ${end}`;
  }
  return path(`${d}V600H0Z`, fill);
}

/** A band of rounded tree crowns (a forest seen from afar) resting on `y`. */
export function canopy(r: Rand, y: number, fill: string, minW: number, maxW: number, bump: number): string {
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

export function cloud(x: number, y: number, k: number, opacity = 0.85): string {
  return s`<path d="M${x} ${y}a${22 * k} ${22 * k} 0 0 1 ${40 * k} ${-12 * k}a${30 * k} ${30 * k} 0 0 1 ${56 * k} ${4 * k}a${20 * k} ${20 * k} 0 0 1 ${30 * k} ${8 * k}Z" fill="#fff" opacity="${opacity}"/>`;
}

export const birds = (x: number, y: number, color = '#4A5A5E') =>
  stroke(s`M${x} ${y}q7 -7 14 0q7 -7 14 0M${x + 40} ${y - 18}q5 -5 10 0q5 -5 10 0`, color, 2.5);

export function roundTree(x: number, base: number, size: number, leaf: string, trunk = '#6B4F3A'): string {
  return (
    rect(x - size * 0.07, base - size * 0.8, size * 0.14, size * 0.8, trunk) +
    circle(x, base - size, size * 0.45, leaf) +
    circle(x - size * 0.3, base - size * 0.72, size * 0.32, leaf) +
    circle(x + size * 0.3, base - size * 0.72, size * 0.32, leaf)
  );
}

export function pine(x: number, base: number, h: number, fill: string): string {
  const w = h * 0.3;
  return path(
    s`M${x} ${base - h}L${x + w * 0.6} ${base - h * 0.6}H${x + w * 0.3}L${x + w * 0.85} ${base - h * 0.3}H${x + w * 0.5}L${x + w} ${base - h * 0.05}H${x - w}L${x - w * 0.5} ${base - h * 0.3}H${x - w * 0.85}L${x - w * 0.3} ${base - h * 0.6}H${x - w * 0.6}Z`,
    fill,
  );
}

export function sapling(x: number, base: number, k: number, leaf: string): string {
  return (
    stroke(s`M${x + 9 * k} ${base}v${-34 * k}`, '#9C7B56', 3 * k) +
    stroke(s`M${x} ${base}v${-42 * k}`, '#5E7B3A', 3 * k) +
    ellipse(x - 9 * k, base - 38 * k, 10 * k, 5 * k, leaf, s` transform="rotate(-25 ${x - 9 * k} ${base - 38 * k})"`) +
    ellipse(x + 9 * k, base - 46 * k, 10 * k, 5 * k, leaf, s` transform="rotate(25 ${x + 9 * k} ${base - 46 * k})"`) +
    ellipse(x, base - 52 * k, 5 * k, 9 * k, leaf)
  );
}

export const sun = (x: number, y: number, r: number, color: string) => circle(x, y, r * 1.6, color, ' opacity=".25"') + circle(x, y, r, color);
