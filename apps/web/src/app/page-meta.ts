import type { ShopKind } from './nav-items.ts';

/**
 * Titles and descriptions of the public pages, shared by the pages (document.title after a
 * client-side navigation) and the server renderer (the <head> of the first response), so both
 * always say the same thing.
 */
export const SITE_NAME = 'Carbonwise';
export const SITE_DESCRIPTION = 'Offset your carbon footprint with verified projects and shop sustainable goods.';

export const KIND_INTRO = {
  offset: {
    title: 'Carbon offset projects',
    lead: 'Fund verified projects that remove or avoid carbon emissions, from reforestation to clean cookstoves.',
  },
  goods: {
    title: 'Sustainable goods',
    lead: 'Everyday products chosen for a smaller footprint: durable, repairable and responsibly made.',
  },
} as const;

export function homeTitle(kind: ShopKind): string {
  return kind ? `${KIND_INTRO[kind].title} — ${SITE_NAME}` : `${SITE_NAME} — carbon offsets & sustainable goods`;
}

export const CATALOG_TITLE = `All products — ${SITE_NAME}`;
export const CATALOG_LEAD = 'Every verified offset project and sustainable product in the shop.';

export function catalogTitle(kind: ShopKind): string {
  return kind ? `${KIND_INTRO[kind].title} — All products — ${SITE_NAME}` : CATALOG_TITLE;
}

export function productTitle(name: string): string {
  return `${name} — ${SITE_NAME}`;
}

export const PRODUCT_NOT_FOUND_TITLE = `Product not found — ${SITE_NAME}`;

export function loginTitle(tab: 'login' | 'register'): string {
  return `${tab === 'register' ? 'Create account' : 'Log in'} — ${SITE_NAME}`;
}
export const LOGIN_DESCRIPTION = 'Log in or create a Carbonwise account to check out, follow your orders and see your carbon savings.';

export const CALCULATOR_TITLE = `Carbon calculator — ${SITE_NAME}`;
export const CALCULATOR_DESCRIPTION = "Estimate your household's yearly carbon footprint and your flights' emissions, with the method and sources shown.";
