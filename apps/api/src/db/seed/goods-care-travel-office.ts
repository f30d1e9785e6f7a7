import type { GoodsSeed, SizeSeed } from './types.ts';

const oneSize = (stock: number): SizeSeed[] => [{ name: 'One size', stock }];

/** Personal care, travel and desk goods. */
export const CARE_TRAVEL_OFFICE_GOODS: GoodsSeed[] = [
  {
    kind: 'goods',
    slug: 'bamboo-toothbrush-4-pack',
    name: 'Bamboo Toothbrush, Pack of 4',
    shortDescription:
      'Handles of FSC-certified bamboo that can go in the compost. Plant-based bristles in soft or medium. Plastic-free cardboard packaging.',
    description:
      'A family pack of four toothbrushes with smooth, water-resistant handles made from FSC-certified moso bamboo. The bristles are made mostly from castor-bean oil and come in soft or medium. Pull the bristles out with pliers at the end of their life and the handle can be composted or used as a plant marker.',
    countryCode: 'CN',
    tags: ['bamboo', 'plastic free', 'bathroom', 'compostable'],
    categories: ['personal-care'],
    standards: ['fsc'],
    sdgs: [12, 14],
    usd: 11.99,
    drawing: 'toothbrush',
    colors: [
      {
        name: 'Natural bamboo',
        hex: '#D9B77E',
        sizes: [
          { name: 'Soft bristles', stock: 140 },
          { name: 'Medium bristles', stock: 95 },
        ],
      },
    ],
  },
  {
    kind: 'goods',
    slug: 'solid-shampoo-bar',
    name: 'Solid Shampoo Bar',
    shortDescription:
      'Concentrated shampoo bar that lasts as long as two bottles of liquid shampoo. Gentle plant-based cleansers with rosemary and peppermint. Temporarily out of stock while the next batch cures.',
    description:
      'A palm-oil-free solid shampoo made in small batches in England with mild plant-based surfactants, rosemary and peppermint essential oils. One bar replaces around two bottles of liquid shampoo and weighs a fraction of them to ship. Wrapped in recycled paper with no plastic anywhere. The next batch is curing and will be available again shortly.',
    countryCode: 'GB',
    tags: ['zero waste', 'plastic free', 'vegan', 'bathroom'],
    categories: ['personal-care'],
    standards: [],
    sdgs: [12, 14],
    usd: 12.99,
    drawing: 'shampoo-bar',
    hex: '#7FA88B',
    stock: 0,
  },
  {
    kind: 'goods',
    slug: 'stainless-steel-safety-razor',
    name: 'Stainless Steel Safety Razor',
    shortDescription:
      'All-metal safety razor built to last a lifetime. Uses standard recyclable double-edge blades. Comes with ten blades to get you started.',
    description:
      'A balanced, weighty safety razor machined entirely from stainless steel, with no plastic parts to break. It takes standard double-edge blades that cost a fraction of cartridge refills and can be recycled in a blade bank. Supplied with ten blades in a recycled card box.',
    countryCode: 'DE',
    tags: ['plastic free', 'shaving', 'bathroom', 'lifetime'],
    categories: ['personal-care'],
    standards: [],
    sdgs: [12],
    usd: 29.99,
    drawing: 'safety-razor',
    colors: [
      { name: 'Brushed steel', hex: '#A7ADB3', sizes: oneSize(52) },
      { name: 'Rose gold', hex: '#C08A7E', sizes: oneSize(18) },
    ],
  },
  {
    kind: 'goods',
    slug: 'foldable-solar-charger',
    name: 'Foldable Solar Charger, 21 W',
    shortDescription:
      'Three folding solar panels that charge phones and power banks in direct sun. Two USB ports with automatic power matching. Weatherproof fabric with loops to hang it from a backpack.',
    description:
      'A lightweight, foldable charger with three high-efficiency solar panels and two USB ports that adjust their output to the connected device. Strap it to a backpack or tent on hikes and camping trips, or keep it at home as emergency power during outages. The panels fold into a weatherproof fabric cover about the size of a paperback.',
    countryCode: 'CN',
    tags: ['solar', 'camping', 'off-grid', 'electronics'],
    categories: ['travel-outdoors'],
    standards: [],
    sdgs: [7, 13],
    usd: 79.99,
    usdWas: 99.99,
    featured: true,
    offered: true,
    drawing: 'solar-charger',
    hex: '#3E5C76',
    stock: 60,
  },
  {
    kind: 'goods',
    slug: 'recycled-nylon-daypack',
    name: 'Recycled Nylon Daypack, 20 Litres',
    shortDescription:
      'Made from nylon regenerated from fishing nets and carpet waste. Padded laptop sleeve and water-resistant finish free of PFAS. Backed by a lifetime repair promise.',
    description:
      'A clean-lined everyday backpack made from regenerated nylon, recovered from abandoned fishing nets and old carpets and spun back into new yarn. It has a padded sleeve for laptops up to 15 inches, a quick-access front pocket and a water-resistant finish without PFAS chemicals. If anything breaks, we repair it for free for the life of the bag.',
    countryCode: 'VN',
    tags: ['recycled', 'bags', 'commuting', 'repairable'],
    categories: ['travel-outdoors'],
    standards: ['b-corp'],
    sdgs: [12, 14],
    usd: 84.99,
    usdWas: 104.99,
    offered: true,
    drawing: 'daypack',
    colors: [
      { name: 'Slate', hex: '#4A5560', sizes: oneSize(24) },
      { name: 'Olive', hex: '#6B7046', sizes: oneSize(15) },
    ],
  },
  {
    kind: 'goods',
    slug: 'bamboo-travel-cutlery-set',
    name: 'Bamboo Travel Cutlery Set',
    shortDescription:
      'Fork, knife, spoon, chopsticks and straw in FSC-certified bamboo. Rolls up in a washable organic cotton pouch. Skip disposable cutlery at lunch and on trips.',
    description:
      'Everything you need to eat on the go, in smooth FSC-certified bamboo finished with food-safe oil: fork, knife, spoon, a pair of chopsticks, a drinking straw and a cleaning brush. It all rolls up in a washable organic cotton pouch with a tie. Light enough for a handbag and sturdy enough for years of lunches.',
    countryCode: 'VN',
    tags: ['bamboo', 'zero waste', 'on the go', 'plastic free'],
    categories: ['travel-outdoors', 'home-kitchen'],
    standards: ['fsc'],
    sdgs: [12, 14],
    usd: 15.99,
    drawing: 'cutlery',
    colors: [
      { name: 'Charcoal pouch', hex: '#3F4447', sizes: oneSize(70) },
      { name: 'Sage pouch', hex: '#8FAA8B', sizes: oneSize(55) },
    ],
  },
  {
    kind: 'goods',
    slug: 'recycled-paper-notebook-a5',
    name: 'Recycled Paper Notebook, A5',
    shortDescription:
      'Made with 100 percent recycled paper and an FSC-certified cover. Lay-flat binding with 192 numbered pages. Choose lined or dot grid pages.',
    description:
      'An A5 notebook printed on smooth, bright recycled paper that takes fountain pen ink without bleeding. The cover is FSC-certified board with a soft-touch finish, and the thread-sewn binding opens completely flat. Numbered pages, a contents page, a ribbon marker and a pocket at the back.',
    countryCode: 'DE',
    tags: ['recycled paper', 'stationery', 'desk'],
    categories: ['office'],
    standards: ['fsc'],
    sdgs: [12, 15],
    usd: 14.99,
    usdWas: 17.99,
    drawing: 'notebook',
    colors: [
      { name: 'Kraft', hex: '#B98E5C', sizes: [{ name: 'Lined', stock: 60 }, { name: 'Dot grid', stock: 45 }] },
      { name: 'Moss', hex: '#5E7D4F', sizes: [{ name: 'Lined', stock: 32 }, { name: 'Dot grid', stock: 28 }] },
      { name: 'Navy', hex: '#26395A', sizes: [{ name: 'Lined', stock: 0 }, { name: 'Dot grid', stock: 19 }] },
    ],
  },
  {
    kind: 'goods',
    slug: 'plantable-seed-pencils',
    name: 'Plantable Seed Pencils, Pack of 8',
    shortDescription:
      'Graphite pencils made from FSC-certified cedar with a seed capsule in the end. Plant the stub when it gets too short to write with. Herbs and flowers including basil, thyme and forget-me-not.',
    description:
      'Eight unlacquered cedar pencils with a biodegradable capsule of seeds where the eraser would be. When a pencil becomes too short to use, plant it capsule-down in a pot and keep the soil moist: within a couple of weeks the seeds sprout into herbs or flowers. A small reminder at the desk that materials can go back into the ground.',
    countryCode: 'DE',
    tags: ['stationery', 'plastic free', 'gifts', 'desk'],
    categories: ['office'],
    standards: ['fsc'],
    sdgs: [12, 15],
    usd: 11.99,
    drawing: 'seed-pencils',
    hex: '#6E9E5B',
    stock: 150,
  },
];
