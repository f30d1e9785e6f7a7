import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router';
import type { Product } from '@app/contract';
import { cleanup, click, render } from '../../../test/render.tsx';
import { flush, getButton } from '../../../test/dom.ts';
import { OffsetOffer, type OffsetActions, type OffsetQuote } from './OffsetOffer.tsx';

afterEach(cleanup);

const product = (name: string) => ({ _id: name, name }) as unknown as Product;
const QUOTE: OffsetQuote = { lines: [{ product: product('Kenya cookstoves'), quantity: 10 }, { product: product('Amazon protection'), quantity: 5 }], tonnesNeeded: 15, tonnesCovered: 15, totalMinor: 27000, currency: 'EUR' };

describe('"Offset this" (issue 26 item 12)', () => {
  it('shows what the plan costs before anything is added, then fills the cart on request', async () => {
    const actions: OffsetActions = { quote: vi.fn(async () => QUOTE), fill: vi.fn(async () => true) };
    const { container } = render(
      <MemoryRouter>
        <OffsetOffer gapKg={14_700} actions={actions} intro="Offset this footprint" />
      </MemoryRouter>,
    );
    click(getButton(container, 'See what offsetting 15 t costs'));
    await flush();
    expect(actions.quote).toHaveBeenCalledWith(14_700);
    expect(actions.fill).not.toHaveBeenCalled();
    expect(container.querySelector('[data-testid="offset-quote"]')?.textContent).toBe('15 t CO2e for 270.00 EUR');
    expect(container.textContent).toContain('10 t · Kenya cookstoves');
    click(getButton(container, 'Fill my cart with offsets for 15 t'));
    await flush();
    expect(actions.fill).toHaveBeenCalledWith(QUOTE);
    expect(container.textContent).toContain('Added to your cart.');
    expect(container.querySelector('a[href="/other/cart"]')).not.toBeNull();
  });

  it('says so when nothing is in stock, and offers nothing for a zero footprint', async () => {
    const actions: OffsetActions = { quote: async () => ({ ...QUOTE, lines: [], tonnesCovered: 0 }), fill: async () => true };
    const { container } = render(
      <MemoryRouter>
        <OffsetOffer gapKg={2000} actions={actions} intro="" />
        <div data-testid="zero">
          <OffsetOffer gapKg={0} actions={actions} intro="" />
        </div>
      </MemoryRouter>,
    );
    click(getButton(container, 'See what offsetting 2 t costs'));
    await flush();
    expect(container.textContent).toContain('No offset projects are in stock right now.');
    expect(container.querySelector('[data-testid="zero"]')?.textContent).toBe('');
  });
});
