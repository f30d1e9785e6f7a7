import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render } from '../../../test/render.tsx';
import { BarChart } from './BarChart.tsx';

afterEach(cleanup);

const bucket = (label: string, value: number) => ({ key: label, label, value });

describe('BarChart (issue 26 item 13)', () => {
  it('has a scale in its unit: 0, half and the top', () => {
    const { container } = render(<BarChart title="Earnings (EUR)" buckets={[bucket('Oct', 1200), bucket('Nov', 3400)]} format={(v) => `${(v / 100).toFixed(2)} EUR`} />);
    expect([...container.querySelectorAll('[data-testid="chart-scale"] span')].map((s) => s.textContent)).toEqual(['50.00 EUR', '25.00 EUR', '0.00 EUR']);
    expect(container.querySelectorAll('rect')).toHaveLength(2);
  });

  it('says there is nothing yet instead of drawing an empty frame', () => {
    const { container } = render(<BarChart title="Sign-ups you referred" buckets={[bucket('Oct', 0), bucket('Nov', 0)]} format={String} />);
    expect(container.querySelector('[data-testid="chart-empty"]')?.textContent).toBe('Nothing in this window yet.');
    expect(container.querySelector('svg')).toBeNull();
  });
});
