/** The console's sections, in the order the sidebar lists them. */
export interface AdminNavItem {
  to: string;
  label: string;
  icon: string;
}

// Icons: 20×20 strokes, one path each, so the sidebar needs no icon library.
export const ADMIN_NAV: AdminNavItem[] = [
  { to: '/admin', label: 'Dashboard', icon: 'M3 10.5 10 4l7 6.5V17H12v-4H8v4H3z' },
  { to: '/admin/orders', label: 'Orders', icon: 'M4 4h12v12H4zM7 8h6M7 11h6M7 14h3' },
  { to: '/admin/products', label: 'Products', icon: 'M10 3 17 6.5v7L10 17l-7-3.5v-7zM3 6.5 10 10l7-3.5M10 10v7' },
  { to: '/admin/stock', label: 'Stock', icon: 'M3 16h14M5 16V9h3v7M9 16V5h3v11M13 16v-4h3v4' },
  { to: '/admin/categories', label: 'Categories & tags', icon: 'M3 3h6l8 8-6 6-8-8zM6.5 6.5h.01' },
  { to: '/admin/coupons', label: 'Coupons', icon: 'M3 6h14v2.5a1.5 1.5 0 0 0 0 3V14H3v-2.5a1.5 1.5 0 0 0 0-3zM8 6v8' },
  { to: '/admin/reviews', label: 'Reviews', icon: 'M10 3l2.2 4.5 4.8.7-3.5 3.4.8 4.9L10 14.2 5.7 16.5l.8-4.9L3 8.2l4.8-.7z' },
  { to: '/admin/customers', label: 'Customers', icon: 'M10 9a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM4 17c0-3.3 2.7-5.5 6-5.5s6 2.2 6 5.5' },
  { to: '/admin/newsletter', label: 'Newsletter', icon: 'M3 5h14v10H3zM3 5l7 6 7-6' },
  { to: '/admin/operators', label: 'Operators', icon: 'M10 3 16 5.5V10c0 3.5-2.6 6-6 7-3.4-1-6-3.5-6-7V5.5zM7.5 10l2 2 3.5-4' },
  { to: '/admin/audit', label: 'Audit log', icon: 'M5 3h8l3 3v11H5zM8 8h5M8 11h5M8 14h3' },
];
