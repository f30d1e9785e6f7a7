import type { GoodsSeed, SizeSeed } from './types.ts';

const apparelSizes = (s: number, m: number, l: number, xl: number): SizeSeed[] => [
  { name: 'S', stock: s },
  { name: 'M', stock: m },
  { name: 'L', stock: l },
  { name: 'XL', stock: xl },
];
const oneSize = (stock: number): SizeSeed[] => [{ name: 'One size', stock }];

/** Clothing and kitchen goods. */
export const APPAREL_HOME_GOODS: GoodsSeed[] = [
  {
    kind: 'goods',
    slug: 'organic-cotton-crew-tee',
    name: 'Organic Cotton Crew T-Shirt',
    shortDescription:
      'Midweight jersey in certified organic cotton. Fairtrade cotton grown without synthetic pesticides. Relaxed fit that keeps its shape wash after wash.',
    description:
      'An everyday crew-neck T-shirt knitted from soft, midweight organic cotton jersey. The cotton is grown by Fairtrade farmer cooperatives without synthetic pesticides or fertilisers, and the garment is cut and sewn in a GOTS-certified factory that pays fair wages. Garment-dyed with low-impact dyes and pre-shrunk, so it keeps its size and colour.',
    countryCode: 'IN',
    tags: ['organic cotton', 'fair trade', 'unisex', 'basics'],
    categories: ['apparel'],
    standards: ['gots', 'fairtrade'],
    sdgs: [6, 8, 12],
    usd: 31.99,
    featured: true,
    drawing: 'tshirt',
    colors: [
      { name: 'Natural', hex: '#E9E2D0', sizes: apparelSizes(18, 34, 27, 12) },
      { name: 'Forest green', hex: '#2F5D46', sizes: apparelSizes(9, 22, 16, 0) },
      { name: 'Charcoal', hex: '#3B3E42', sizes: apparelSizes(14, 25, 21, 8) },
    ],
  },
  {
    kind: 'goods',
    slug: 'organic-cotton-hoodie',
    name: 'Organic Cotton Hoodie',
    shortDescription:
      'Brushed-back fleece in organic cotton. Made in a family-run factory in northern Portugal. Kangaroo pocket and a lined hood with flat cords.',
    description:
      'A heavyweight pullover hoodie in brushed organic cotton fleece that is warm without synthetic fibres. It is knitted, dyed and sewn within a few kilometres of each other in northern Portugal, which keeps transport emissions low and the supply chain transparent. Ribbed cuffs and hem, a double-layer hood and flat organic cotton drawcords.',
    countryCode: 'PT',
    tags: ['organic cotton', 'made in Europe', 'unisex', 'knitwear'],
    categories: ['apparel'],
    standards: ['gots'],
    sdgs: [8, 12],
    usd: 64.99,
    usdWas: 79.99,
    offered: true,
    drawing: 'hoodie',
    colors: [
      { name: 'Oat', hex: '#D9CBB0', sizes: apparelSizes(6, 14, 11, 5) },
      { name: 'Navy', hex: '#1F2E4A', sizes: apparelSizes(4, 12, 9, 3) },
    ],
  },
  {
    kind: 'goods',
    slug: 'merino-wool-beanie',
    name: 'Merino Wool Beanie',
    shortDescription:
      'Fine rib-knit beanie in mulesing-free merino wool. Warm, breathable and naturally odour resistant. Knitted in Scotland and back in stock for the winter season.',
    description:
      'A close-fitting rib beanie knitted in Scotland from fine, mulesing-free merino wool. Merino regulates temperature, resists odour and is soft enough to wear against the skin all day. This season is sold out in every colour; a new batch is on the needles and will be back in stock for the winter.',
    countryCode: 'GB',
    tags: ['merino wool', 'winter', 'made in Europe', 'accessories'],
    categories: ['apparel'],
    standards: [],
    sdgs: [12],
    usd: 27.99,
    drawing: 'beanie',
    colors: [
      { name: 'Heather grey', hex: '#8D9196', sizes: oneSize(0) },
      { name: 'Mustard', hex: '#C9962C', sizes: oneSize(0) },
    ],
  },
  {
    kind: 'goods',
    slug: 'insulated-stainless-steel-bottle',
    name: 'Insulated Stainless Steel Bottle',
    shortDescription:
      'Double-wall vacuum insulation keeps drinks cold for a day and hot for twelve hours. Food-grade stainless steel with no plastic lining. Replaces hundreds of single-use bottles a year.',
    description:
      'A durable reusable bottle in food-grade stainless steel with double-wall vacuum insulation and a leak-proof bamboo and steel cap. There is no plastic liner to wear out and no metallic taste, and the powder-coated finish is made to last for years of daily use. Every bottle you carry instead of buying water saves plastic waste and the emissions from producing it.',
    countryCode: 'CN',
    tags: ['reusable', 'plastic free', 'hydration', 'insulated'],
    categories: ['home-kitchen', 'travel-outdoors'],
    standards: ['b-corp'],
    sdgs: [12, 14],
    usd: 33.99,
    featured: true,
    drawing: 'bottle',
    colors: [
      { name: 'Sage', hex: '#9CB59A', sizes: [{ name: '500 ml', stock: 40 }, { name: '750 ml', stock: 35 }] },
      { name: 'Ocean blue', hex: '#2D6E8E', sizes: [{ name: '500 ml', stock: 28 }, { name: '750 ml', stock: 0 }] },
      { name: 'Matte black', hex: '#2B2B2B', sizes: [{ name: '500 ml', stock: 31 }, { name: '750 ml', stock: 22 }] },
    ],
  },
  {
    kind: 'goods',
    slug: 'organic-cotton-tote-bag',
    name: 'Organic Cotton Tote Bag',
    shortDescription:
      'Heavy canvas tote in organic cotton with long shoulder handles. Big enough for a weekly shop. Fairtrade certified from field to finished bag.',
    description:
      'A sturdy, heavyweight canvas tote made from Fairtrade organic cotton, with reinforced long handles that sit comfortably on the shoulder and an inside pocket for keys. Fold it into a coat pocket and use it for the weekly shop, the library or the beach. A cotton bag pays back its footprint only with regular use, so we make ours to last for years.',
    countryCode: 'IN',
    tags: ['organic cotton', 'fair trade', 'reusable', 'bags'],
    categories: ['apparel', 'home-kitchen'],
    standards: ['gots', 'fairtrade'],
    sdgs: [8, 12],
    usd: 13.99,
    drawing: 'tote',
    colors: [
      { name: 'Natural', hex: '#EDE4CF', sizes: oneSize(120) },
      { name: 'Black', hex: '#262626', sizes: oneSize(64) },
    ],
  },
  {
    kind: 'goods',
    slug: 'beeswax-food-wraps',
    name: 'Beeswax Food Wraps, Set of 3',
    shortDescription:
      'Organic cotton coated in beeswax, tree resin and jojoba oil. Wrap cheese, bread and leftovers instead of using cling film. Rinse in cool water and reuse for about a year.',
    description:
      'A set of three wraps in small, medium and large, made from organic cotton infused with British beeswax, tree resin and jojoba oil. The warmth of your hands moulds them around bowls, sandwiches, cheese and half-cut fruit, and they hold their seal until you open them. Wash in cool soapy water and reuse for about a year, then cut them up for the compost.',
    countryCode: 'GB',
    tags: ['plastic free', 'zero waste', 'food storage', 'compostable'],
    categories: ['home-kitchen'],
    standards: [],
    sdgs: [12, 14],
    usd: 17.99,
    usdWas: 21.99,
    offered: true,
    drawing: 'food-wraps',
    hex: '#E8B547',
    stock: 240,
  },
  {
    kind: 'goods',
    slug: 'glass-food-containers-bamboo-lids',
    name: 'Glass Food Containers with Bamboo Lids, Set of 3',
    shortDescription:
      'Borosilicate glass containers that go from freezer to oven. FSC-certified bamboo lids with a silicone seal. Stack neatly in the fridge and the cupboard.',
    description:
      'Three nesting containers in heat-resistant borosilicate glass, with lids of FSC-certified bamboo and a removable food-grade silicone seal. Store leftovers, take lunch to work or bake straight in the glass without lids. Glass does not stain or hold smells, and lasts far longer than plastic boxes.',
    countryCode: 'CN',
    tags: ['plastic free', 'food storage', 'bamboo', 'meal prep'],
    categories: ['home-kitchen'],
    standards: ['fsc'],
    sdgs: [12],
    usd: 41.99,
    drawing: 'glass-containers',
    hex: '#C8A26B',
    stock: 85,
  },
  {
    kind: 'goods',
    slug: 'reusable-coffee-cup',
    name: 'Reusable Coffee Cup',
    shortDescription:
      'Lightweight insulated cup with a splash-proof lid. Fits under most café machines. Sold out for now and restocking soon in both sizes.',
    description:
      'A double-wall stainless steel cup with a splash-proof lid and a recycled silicone sleeve, sized to fit under most café machines. Using your own cup instead of disposable ones avoids the plastic-lined paper cups that are rarely recycled. Both sizes are sold out at the moment and will be back soon.',
    countryCode: 'CN',
    tags: ['reusable', 'coffee', 'plastic free', 'on the go'],
    categories: ['home-kitchen', 'travel-outdoors'],
    standards: [],
    sdgs: [12],
    usd: 21.99,
    drawing: 'coffee-cup',
    colors: [
      { name: 'Sage', hex: '#9CB59A', sizes: [{ name: '340 ml', stock: 0 }, { name: '454 ml', stock: 0 }] },
      { name: 'Sand', hex: '#D8C3A5', sizes: [{ name: '340 ml', stock: 0 }, { name: '454 ml', stock: 0 }] },
    ],
  },
  {
    kind: 'goods',
    slug: 'linen-tea-towels',
    name: 'Linen Tea Towels, Set of 2',
    shortDescription:
      'Stonewashed European linen that dries glassware without lint. Grows more absorbent with every wash. Woven in Lithuania from flax grown with little water.',
    description:
      'Two generous tea towels woven in Lithuania from European flax, which grows on rainfall alone with very little fertiliser. Stonewashed for softness, they dry glasses and plates without lint, become more absorbent with each wash and last for many years. A hanging loop is sewn into one corner.',
    countryCode: 'LT',
    tags: ['linen', 'made in Europe', 'kitchen textiles'],
    categories: ['home-kitchen'],
    standards: [],
    sdgs: [6, 12],
    usd: 24.99,
    drawing: 'tea-towels',
    colors: [
      { name: 'Sage stripe', hex: '#8BA888', sizes: oneSize(46) },
      { name: 'Terracotta stripe', hex: '#C4704F', sizes: oneSize(38) },
    ],
  },
];
