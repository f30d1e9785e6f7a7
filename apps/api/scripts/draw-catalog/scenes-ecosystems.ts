/** Offset project scenes of living ecosystems: forests, drylands, peat, moors and blue carbon. */
import type { OffsetScene } from '../../src/db/seed/types.ts';
import { birds, canopy, cloud, pine, ridge, roundTree, sapling, skyDefs, skyRect, sun, type SceneDraw } from './landscape.ts';
import { between, circle, ellipse, linear, path, rect, s, stroke } from './svg.ts';

export const ECOSYSTEM_SCENES = {
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
} satisfies Partial<Record<OffsetScene, SceneDraw>>;
