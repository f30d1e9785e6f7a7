import { useSession } from '../../session/session-store.ts';
import { Attributions, HowItWorks } from '../components/Attributions.tsx';
import { FlightCalculator } from '../components/FlightCalculator.tsx';
import { FootprintHistory } from '../components/FootprintHistory.tsx';
import type { OffsetActions } from '../components/OffsetOffer.tsx';
import { HouseholdCalculator } from '../components/HouseholdCalculator.tsx';
import '../components/carbon.css';
import '../components/calculator-parts.css';

/** /carbon-calculator (spec §2 screen 9): household and flight calculators, history, method and sources. */
export function CarbonCalculatorPage({ offsets }: { offsets?: OffsetActions } = {}) {
  const isLoggedIn = useSession((session) => session.isLoggedIn);
  return (
    <div className="container carbon-page">
      <header className="carbon-page__header">
        <h1 className="carbon-page__title">Carbon calculator</h1>
        <p className="carbon-page__lead">Estimate your household's yearly footprint in a minute. Every change updates the result at once.</p>
      </header>
      <HouseholdCalculator offsets={offsets} />
      <div className="carbon-page__grid">
        <FlightCalculator />
        {isLoggedIn ? (
          <FootprintHistory offsets={offsets} />
        ) : (
          <HowItWorks />
        )}
      </div>
      {isLoggedIn && <HowItWorks />}
      <Attributions />
    </div>
  );
}
