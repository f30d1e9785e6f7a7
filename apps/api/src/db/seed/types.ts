import type { CategorySlug, StandardSlug } from './taxonomy.ts';

/** What the catalog drawing script paints for an offset project (apps/api/scripts/draw-catalog-images.ts). */
export type OffsetScene =
  | 'rainforest'
  | 'dryland'
  | 'agroforestry'
  | 'saplings'
  | 'conifers'
  | 'peat-swamp'
  | 'moorland'
  | 'cookstove'
  | 'wind'
  | 'wind-coast'
  | 'solar-park'
  | 'hydro'
  | 'solar-home'
  | 'mangroves'
  | 'seagrass'
  | 'direct-air-capture'
  | 'biochar'
  | 'rock-weathering'
  | 'landfill-gas'
  | 'biogas'
  | 'dairy-digester'
  | 'soil-carbon'
  | 'rice-paddy';

/** What the drawing script paints for a sustainable good, once per colour. */
export type GoodsDrawing =
  | 'tshirt'
  | 'hoodie'
  | 'beanie'
  | 'bottle'
  | 'tote'
  | 'food-wraps'
  | 'cutlery'
  | 'glass-containers'
  | 'coffee-cup'
  | 'toothbrush'
  | 'shampoo-bar'
  | 'safety-razor'
  | 'solar-charger'
  | 'daypack'
  | 'notebook'
  | 'seed-pencils'
  | 'tea-towels';

interface BaseSeed {
  slug: string;
  name: string;
  /** Shown as bullets split on full stops (spec §2.6): no dotted abbreviations or decimals. */
  shortDescription: string;
  description: string;
  tags: string[];
  categories: CategorySlug[];
  standards: StandardSlug[];
  sdgs: number[];
  /** Price in US dollars (major units); the other currencies derive from it (prices.ts). */
  usd: number;
  /** Price before the current sale, in US dollars; omitted when the product is not on sale. */
  usdWas?: number;
  featured?: boolean;
  offered?: boolean;
}

export interface OffsetSeed extends BaseSeed {
  kind: 'offset';
  countryCode: string;
  /** Tonnes of CO2e available. */
  stock: number;
  projectValidityDate: string;
  scene: OffsetScene;
  /** Colour of the illustration's main subject where the scene has one (the stove, say). */
  accent?: string;
  /** Alt text of the project illustration. */
  alt: string;
}

export interface SizeSeed {
  name: string;
  stock: number;
}

export interface ColorSeed {
  name: string;
  hex: string;
  sizes: SizeSeed[];
}

export interface GoodsSeed extends BaseSeed {
  kind: 'goods';
  countryCode?: string;
  drawing: GoodsDrawing;
  /** Product-level stock, used only when there are no colours. */
  stock?: number;
  /** Colour variations, each with sizes carrying the stock; one image is drawn per colour. */
  colors?: ColorSeed[];
  /** Colour used for the single image of a product without colour variations. */
  hex?: string;
}

export type ProductSeed = OffsetSeed | GoodsSeed;
