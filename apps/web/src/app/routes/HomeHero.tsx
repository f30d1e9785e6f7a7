import { Link } from 'react-router';
import { buttonClassName } from '../../components/ui/Button.tsx';

const PROMISES = [
  {
    title: 'Verified projects',
    body: 'Offset projects list the standards they are certified against.',
    icon: 'M12 3l7 3v5c0 4.5-3 8.3-7 10-4-1.7-7-5.5-7-10V6l7-3Zm-3 9 2 2 4-4',
  },
  {
    title: 'Clear prices',
    body: 'Seven currencies, and every price shows its currency code.',
    icon: 'M4 7h16v10H4zM8 12h.01M16 12h.01M12 9.5a2.5 2.5 0 1 0 0 5 2.5 2.5 0 0 0 0-5Z',
  },
  {
    title: 'Open data',
    body: 'Footprint estimates use Our World in Data country figures.',
    icon: 'M5 19V11M10 19V5M15 19v-6M20 19V8',
  },
] as const;

/** The whole-shop hero: the value proposition and the two ways in. */
export function HomeHero() {
  return (
    <section className="hero" aria-labelledby="hero-title">
      <div className="container hero__inner">
        <div className="hero__copy">
          <p className="hero__eyebrow">Measure · Reduce · Offset</p>
          <h1 id="hero-title" className="hero__title">
            Offset your footprint with verified projects
          </h1>
          <p className="hero__lead">
            Support certified carbon-offset projects around the world, and shop sustainable goods for everyday life.
          </p>
          <div className="hero__actions">
            <Link to="/?kind=offset" className={buttonClassName('primary', 'lg')}>
              Browse offset projects
            </Link>
            <Link to="/?kind=goods" className={buttonClassName('secondary', 'lg')}>
              Shop sustainable goods
            </Link>
          </div>
        </div>

        <ul className="hero__promises">
          {PROMISES.map((promise) => (
            <li key={promise.title} className="hero__promise">
              <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
                <path
                  d={promise.icon}
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="1.8"
                  strokeLinecap="round"
                  strokeLinejoin="round"
                />
              </svg>
              <div>
                <p className="hero__promise-title">{promise.title}</p>
                <p className="hero__promise-body">{promise.body}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
