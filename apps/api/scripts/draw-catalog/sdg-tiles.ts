/** SDG tiles: our own simplified drawings in the official colours, not the UN icons. */
import { circle, path, rect, s, stroke, svg } from './svg.ts';

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

export function sdgTile(goal: number, color: string): string {
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
