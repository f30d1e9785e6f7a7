/** Goods drawings: the object in its colour on a soft backdrop. */
import type { GoodsDrawing } from '../../src/db/seed/types.ts';
import { circle, ellipse, linear, path, rect, s, shade, stroke, svg, tint } from './svg.ts';

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

export function goodsImage(drawing: GoodsDrawing, hex: string): string {
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
