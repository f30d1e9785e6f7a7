/** The shop's filters, shared by the header navigation and the in-page filter pills. */
export const SHOP_NAV_ITEMS = [
  { label: 'Shop', to: '/', kind: null },
  { label: 'Carbon offsets', to: '/?kind=offset', kind: 'offset' },
  { label: 'Sustainable goods', to: '/?kind=goods', kind: 'goods' },
] as const;

export type ShopKind = (typeof SHOP_NAV_ITEMS)[number]['kind'];

/** Reads ?kind= leniently: anything unknown shows the whole shop. */
export function parseKind(value: string | null): ShopKind {
  return value === 'offset' || value === 'goods' ? value : null;
}
