/** Offset project scenes of clean energy: cookstoves, wind, solar and hydro. */
import type { OffsetScene } from '../../src/db/seed/types.ts';
import { cloud, ridge, roundTree, skyDefs, skyRect, sun, type Scene, type SceneDraw } from './landscape.ts';
import { between, circle, ellipse, linear, path, radial, rect, s, shade, stroke, type Rand } from './svg.ts';

export const ENERGY_SCENES = {
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
} satisfies Partial<Record<OffsetScene, SceneDraw>>;

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
