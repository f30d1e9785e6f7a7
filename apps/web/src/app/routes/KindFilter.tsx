import { Link } from 'react-router';
import { SHOP_NAV_ITEMS, type ShopKind } from '../nav-items.ts';

/** The All / Carbon offsets / Sustainable goods pills above a product grid, as links to `basePath?kind=`. */
export function KindFilter({ basePath, kind }: { basePath: '/' | '/products'; kind: ShopKind }) {
  return (
    <nav aria-label="Filter products" className="filter-pills">
      {SHOP_NAV_ITEMS.map((item) => (
        <Link
          key={item.label}
          to={item.kind ? `${basePath}?kind=${item.kind}` : basePath}
          className="filter-pill"
          aria-current={kind === item.kind ? 'page' : undefined}
          preventScrollReset
        >
          {item.kind === null ? 'All' : item.label}
        </Link>
      ))}
    </nav>
  );
}
