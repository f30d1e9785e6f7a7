/** Standard badges: our own wordmark-style badges, not the organisations' logos. */
import type { StandardMark } from '../../src/db/seed/taxonomy.ts';
import { circle, path, rect, s, shade, stroke, svg, tint } from './svg.ts';

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

export function standardBadge(short: string, accent: string, mark: StandardMark): string {
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
