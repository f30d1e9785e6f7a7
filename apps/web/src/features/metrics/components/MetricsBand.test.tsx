import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { MetricsBand } from './MetricsBand.tsx';
import type { PlatformFigures } from '../api/get-metrics.ts';
import { cleanup, render } from '../../../test/render.tsx';
import { flush, json, stubApi } from '../../../test/dom.ts';

afterEach(() => cleanup());

const value = (container: HTMLElement, key: string) => container.querySelector(`[data-metric="${key}"]`)!;

describe('MetricsBand', () => {
  it('holds the place with skeletons while loading, then shows the four figures', async () => {
    let resolve!: (figures: PlatformFigures) => void;
    const load = () => new Promise<PlatformFigures | null>((r) => (resolve = r));
    const { container } = render(<MetricsBand load={load} />);
    const section = container.querySelector('section')!;
    expect(section.getAttribute('aria-busy')).toBe('true');
    expect(value(container, 'products').querySelector('.skeleton')).not.toBeNull();

    await act(async () => resolve({ products: 44, orders: 1234, tonnesRetired: 5678.25, members: 90 }));
    expect(section.getAttribute('aria-busy')).toBe('false');
    expect(value(container, 'products').textContent).toBe('44');
    expect(value(container, 'orders').textContent).toBe('1,234');
    expect(value(container, 'tonnesRetired').textContent).toBe('5,678.3');
    expect(value(container, 'members').textContent).toBe('90');
    expect([...container.querySelectorAll('dt')].map((dt) => dt.textContent)).toEqual(['Products and projects', 'Orders placed', 'Tonnes of CO2e retired', 'Members']);
  });

  it('leaves out a figure that says little yet (issue 26: "0 orders · 0 t · 0 members" on launch day)', async () => {
    const { container } = render(<MetricsBand load={async () => ({ products: 44, orders: 30, tonnesRetired: 2.5, members: 9 })} />);
    await flush();
    expect([...container.querySelectorAll('dt')].map((dt) => dt.textContent)).toEqual(['Products and projects', 'Orders placed']);
    expect(container.querySelector('[data-metric="members"]')).toBeNull();
  });

  it('on a new shop shows no zeros, and says it has just opened', async () => {
    const { container } = render(<MetricsBand load={async () => ({ products: 44, orders: 0, tonnesRetired: 0, members: 1 })} />);
    await flush();
    expect(container.querySelector('dl')).toBeNull();
    expect(container.querySelector('[data-testid="metrics-launch"]')?.textContent).toContain('44 products and projects, and a shop that has just opened');
    expect(container.textContent).not.toMatch(/\b0\b/);
  });

  it('says the figures are unavailable when they cannot be read', async () => {
    const { container } = render(<MetricsBand load={async () => null} />);
    await flush();
    expect(container.textContent).toContain('Our figures are unavailable right now.');
    expect(container.querySelector('dl')).toBeNull();
  });

  it('reads GET /api/v1/metrics by default and refuses a malformed answer', async () => {
    const api = stubApi({ 'GET /api/v1/metrics': () => json(200, { success: true, data: { products: 3, orders: 2, tonnesRetired: 1, members: 'x' } }) });
    const { container } = render(<MetricsBand />);
    await flush();
    expect(api.calls[0]!.path).toBe('/api/v1/metrics');
    expect(container.textContent).toContain('unavailable');
  });
});
