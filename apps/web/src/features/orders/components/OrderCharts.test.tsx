import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render } from '../../../test/render.tsx';
import OrderCharts from './OrderCharts.tsx';

afterEach(cleanup);

describe('the order charts (issue 26 item 13)', () => {
  it('say their units in the titles', () => {
    const { container } = render(<OrderCharts rows={[{ period: '2026-11', label: 'Nov 2026', tonnes: 3, orders: 1, spend: { EUR: 54 } }]} currencies={['EUR']} periodName="month" />);
    expect([...container.querySelectorAll('figcaption')].map((c) => c.textContent)).toEqual(['Spend per month (EUR)', 'Tonnes CO₂e retired per month']);
    expect(container.querySelector('[data-testid="chart-empty"]')).toBeNull();
  });

  it('show a sentence, not an empty frame, when there is no spend or no tonnes', () => {
    const { container } = render(<OrderCharts rows={[{ period: '2026-11', label: 'Nov 2026', tonnes: 0, orders: 1, spend: {} }]} currencies={[]} periodName="month" />);
    expect([...container.querySelectorAll('[data-testid="chart-empty"]')].map((p) => p.textContent)).toEqual(['No spend yet: paid orders show here by month.', 'No tonnes retired yet: offsets in paid orders show here.']);
    expect(container.querySelector('.order-graph__canvas')).toBeNull();
  });
});
