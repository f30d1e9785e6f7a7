/**
 * Categories, certification standards and the 17 UN Sustainable Development Goals the catalog
 * refers to, plus the public paths of the images the drawing script writes for them.
 */

export const CATEGORIES = [
  { slug: 'forestry-land-use', name: 'Forestry & land use' },
  { slug: 'clean-cooking', name: 'Clean cooking' },
  { slug: 'renewable-energy', name: 'Renewable energy' },
  { slug: 'blue-carbon', name: 'Blue carbon' },
  { slug: 'carbon-removal', name: 'Carbon removal' },
  { slug: 'methane-capture', name: 'Methane capture' },
  { slug: 'sustainable-agriculture', name: 'Sustainable agriculture' },
  { slug: 'apparel', name: 'Apparel' },
  { slug: 'home-kitchen', name: 'Home & kitchen' },
  { slug: 'personal-care', name: 'Personal care' },
  { slug: 'travel-outdoors', name: 'Travel & outdoors' },
  { slug: 'office', name: 'Office' },
] as const;
export type CategorySlug = (typeof CATEGORIES)[number]['slug'];

/**
 * `accent` and `mark` only feed the drawing script: the badges are the project's own
 * wordmark-style drawings, not the organisations' trademarked logos.
 */
export const STANDARDS = [
  { slug: 'verra-vcs', name: 'Verified Carbon Standard (Verra)', short: 'VCS', website: 'https://verra.org', accent: '#1F6F5C', mark: 'check' },
  { slug: 'gold-standard', name: 'Gold Standard', short: 'GOLD STANDARD', website: 'https://www.goldstandard.org', accent: '#B8860B', mark: 'star' },
  { slug: 'plan-vivo', name: 'Plan Vivo', short: 'PLAN VIVO', website: 'https://www.planvivo.org', accent: '#4E8B3A', mark: 'leaf' },
  { slug: 'puro-earth', name: 'Puro.earth', short: 'PURO', website: 'https://puro.earth', accent: '#2B3A55', mark: 'layers' },
  { slug: 'american-carbon-registry', name: 'American Carbon Registry', short: 'ACR', website: 'https://acrcarbon.org', accent: '#2F5E8E', mark: 'check' },
  { slug: 'climate-action-reserve', name: 'Climate Action Reserve', short: 'CAR', website: 'https://www.climateactionreserve.org', accent: '#3C7A89', mark: 'globe' },
  { slug: 'fairtrade', name: 'Fairtrade', short: 'FAIRTRADE', website: 'https://www.fairtrade.net', accent: '#2A6EBB', mark: 'people' },
  { slug: 'fsc', name: 'Forest Stewardship Council (FSC)', short: 'FSC', website: 'https://fsc.org', accent: '#2E6B3F', mark: 'tree' },
  { slug: 'gots', name: 'Global Organic Textile Standard (GOTS)', short: 'GOTS', website: 'https://global-standard.org', accent: '#5B8C3A', mark: 'leaf' },
  { slug: 'b-corp', name: 'Certified B Corporation', short: 'B CORP', website: 'https://www.bcorporation.net', accent: '#222222', mark: 'circle' },
] as const;
export type StandardSlug = (typeof STANDARDS)[number]['slug'];
export type StandardMark = (typeof STANDARDS)[number]['mark'];

/** Names as the UN publishes them; colours are the official SDG palette. */
export const SDGS = [
  { number: 1, name: 'No poverty', color: '#E5243B' },
  { number: 2, name: 'Zero hunger', color: '#DDA63A' },
  { number: 3, name: 'Good health and well-being', color: '#4C9F38' },
  { number: 4, name: 'Quality education', color: '#C5192D' },
  { number: 5, name: 'Gender equality', color: '#FF3A21' },
  { number: 6, name: 'Clean water and sanitation', color: '#26BDE2' },
  { number: 7, name: 'Affordable and clean energy', color: '#FCC30B' },
  { number: 8, name: 'Decent work and economic growth', color: '#A21942' },
  { number: 9, name: 'Industry, innovation and infrastructure', color: '#FD6925' },
  { number: 10, name: 'Reduced inequalities', color: '#DD1367' },
  { number: 11, name: 'Sustainable cities and communities', color: '#FD9D24' },
  { number: 12, name: 'Responsible consumption and production', color: '#BF8B2E' },
  { number: 13, name: 'Climate action', color: '#3F7E44' },
  { number: 14, name: 'Life below water', color: '#0A97D9' },
  { number: 15, name: 'Life on land', color: '#56C02B' },
  { number: 16, name: 'Peace, justice and strong institutions', color: '#00689D' },
  { number: 17, name: 'Partnerships for the goals', color: '#19486A' },
] as const;

/** Public URL paths, served from apps/web/public; the drawing script writes the files behind them. */
export const productImagePath = (slug: string, index = 0) =>
  `/catalog/products/${slug}${index === 0 ? '' : `-${index + 1}`}.svg`;
export const sdgImagePath = (goal: number) => `/catalog/sdgs/sdg-${goal}.svg`;
export const standardLogoPath = (slug: string) => `/catalog/standards/${slug}.svg`;
