import { Link } from 'react-router';
import { SHOP_NAV_ITEMS } from '../nav-items.ts';
import { Logo } from './Logo.tsx';
import './footer.css';

/** Site footer: what Carbonwise is, where its data comes from (licences require it), and links. */
export function Footer() {
  return (
    <footer className="site-footer">
      <div className="container site-footer__inner">
        <div className="site-footer__about">
          <p className="site-footer__brand">
            <Logo size={24} />
            Carbonwise
          </p>
          <p>
            Measure your carbon footprint, offset what you cannot avoid with verified projects, and shop goods made to
            last.
          </p>
        </div>

        <nav aria-label="Footer" className="site-footer__col">
          <h2 className="site-footer__heading">Shop</h2>
          <ul>
            {SHOP_NAV_ITEMS.map((item) => (
              <li key={item.label}>
                <Link to={item.kind ? item.to : '/products'}>{item.kind ? item.label : 'All products'}</Link>
              </li>
            ))}
            <li>
              {/* A server page, not an app route: a plain link so the router does not intercept it. */}
              <a href="/api/docs">API</a>
            </li>
          </ul>
        </nav>

        <nav aria-label="Carbon" className="site-footer__col">
          <h2 className="site-footer__heading">Carbon</h2>
          <ul>
            <li>
              <Link to="/carbon-calculator">Carbon calculator</Link>
            </li>
            <li>
              <Link to="/account/sustainability">Your sustainability profile</Link>
            </li>
          </ul>
        </nav>

        <div className="site-footer__col">
          <h2 className="site-footer__heading">Data sources</h2>
          <ul>
            <li>Country carbon data: Our World in Data, based on the Global Carbon Budget (CC BY 4.0)</li>
            <li>Airport data: OurAirports (public domain)</li>
          </ul>
        </div>
      </div>
      <div className="container">
        <p className="site-footer__legal">© {new Date().getFullYear()} Carbonwise</p>
      </div>
    </footer>
  );
}
