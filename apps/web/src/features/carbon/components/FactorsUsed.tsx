import type { FactorUsed } from '@app/contract/carbon';

const number = (value: number) => (Math.abs(value) >= 100 ? value.toLocaleString('en', { maximumFractionDigits: 1 }) : value.toLocaleString('en', { maximumSignificantDigits: 5 }));

/** The factors a result used, each with its value, unit, source and year (issue 27.5). */
export function FactorsUsed({ factors }: { factors: readonly FactorUsed[] }) {
  if (factors.length === 0) return null;
  return (
    <details className="carbon-factors">
      <summary>Factors used ({factors.length})</summary>
      <ul>
        {factors.map((factor) => (
          <li key={factor.name}>
            <strong>{factor.name}</strong>: {number(factor.value)} {factor.unit}
            <span className="carbon-muted">
              {' '}
              · {factor.source}, {factor.year}
              {factor.assumption ? ' · modelling choice' : ''}
            </span>
          </li>
        ))}
      </ul>
    </details>
  );
}
