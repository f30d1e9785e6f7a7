/** Offset project scenes of engineered carbon removal, methane capture and farm soils. */
import type { OffsetScene } from '../../src/db/seed/types.ts';
import { cloud, pine, ridge, roundTree, skyDefs, skyRect, sun, type SceneDraw } from './landscape.ts';
import { between, circle, ellipse, linear, path, rect, s, stroke } from './svg.ts';

export const REMOVAL_METHANE_SCENES = {
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
} satisfies Partial<Record<OffsetScene, SceneDraw>>;
