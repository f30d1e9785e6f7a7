import { CARBON_ATTRIBUTIONS, FACTOR_SET_YEAR } from '@app/contract/carbon';

/** Where the numbers come from; shown wherever footprints are shown (licences require it). */
export function Attributions() {
  return (
    <section className="carbon-card carbon-sources" aria-labelledby="carbon-sources-title">
      <h2 id="carbon-sources-title" className="carbon-card__title">
        Where the data comes from
      </h2>
      <ul className="carbon-sources__list">
        {CARBON_ATTRIBUTIONS.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <p className="carbon-muted">Factor set {FACTOR_SET_YEAR}. Saved results keep the factor set they were computed with.</p>
    </section>
  );
}

/** How the household number is made, in plain words (MODEL.md §3). */
export function HowItWorks() {
  return (
    <section className="carbon-card" aria-labelledby="carbon-method-title">
      <h2 id="carbon-method-title" className="carbon-card__title">
        How the number is made
      </h2>
      <p>
        We start from your country's carbon dioxide per person and split it into home energy, getting around, and goods and
        services. Bigger households share heating and appliances, so each person counts a little less; a larger home,
        a higher income or more driving counts more, and members who commute by public transport count less.
      </p>
      <p>
        Food is added from a diet study (meals with more meat have a larger footprint) and flying from the UK
        government's flight factors, including the extra warming of emissions at altitude.
      </p>
      <p className="carbon-muted">
        The result is an estimate in kilograms of CO2 equivalent a year, computed in your browser with the same model
        the server uses. It is a starting point for cutting and offsetting, not an audit.
      </p>
    </section>
  );
}
