import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Currency, Product } from '@app/contract';
import { cleanup, click, getAllByText, render } from '../../../test/render.tsx';
import { clickAndSettle, press, typeInto } from '../../../test/input.ts';
import { ProductDetails } from './ProductDetails.tsx';
import { makeProduct, makeShirt } from './product-fixture.ts';
import { formatDay } from '../../../lib/dates.ts';

function renderDetails(product: Product, currency: Currency = 'USD') {
  const onAddToCart = vi.fn();
  const view = render(<ProductDetails product={product} currency={currency} onAddToCart={onAddToCart} />);
  const q = <T extends Element = HTMLElement>(selector: string) => view.container.querySelector<T & Element>(selector);
  return { ...view, onAddToCart, q };
}

const radio = (container: HTMLElement, label: string) =>
  [...container.querySelectorAll<HTMLInputElement>('input[type="radio"]')].find((input) => input.closest('label')?.textContent?.startsWith(label))!;
const button = (container: HTMLElement, text: string) => getAllByText(container, text, 'button')[0] as HTMLButtonElement;

afterEach(cleanup);

describe('product page price (spec §2.6)', () => {
  it('shows 2 decimals and the currency code, never the symbol, with the old price struck through', () => {
    const { q, container } = renderDetails(makeProduct());
    expect(q('[data-testid="product-price"]')?.textContent).toBe('12.50 USD');
    expect(q('s[data-testid="product-old-price"]')?.textContent).toContain('15.00 USD');
    expect(container.querySelector('.product-details__price')?.textContent).not.toContain('$');
  });

  it('follows the display currency, with no old price when that currency has none', () => {
    const eur = renderDetails(makeProduct(), 'EUR');
    expect(eur.q('[data-testid="product-price"]')?.textContent).toBe('11.40 EUR');
    expect(eur.q('[data-testid="product-old-price"]')).toBeNull();
    expect(eur.container.textContent).not.toContain('€');
    const jpy = renderDetails(makeProduct(), 'JPY');
    expect(jpy.q('[data-testid="product-price"]')?.textContent).toBe('1,900.00 JPY');
  });

  it('falls back to USD, with its code, for a currency the product is not priced in', () => {
    const { q } = renderDetails(makeProduct(), 'GBP');
    expect(q('[data-testid="product-price"]')?.textContent).toBe('12.50 USD');
  });
});

describe('product page contents', () => {
  it('splits the short description on full stops into bullets', () => {
    const { container } = renderDetails(makeProduct());
    expect([...container.querySelectorAll('.product-details__bullets li')].map((li) => li.textContent)).toEqual([
      'Cuts wood use by half',
      'Verified by Gold Standard',
      'Improves indoor air',
    ]);
  });

  it('shows the certification standard with its logo, the SDG images, the country and the validity date', () => {
    const { container } = renderDetails(makeProduct());
    const logo = container.querySelector<HTMLImageElement>('.product-facts__standard img');
    expect(logo?.getAttribute('src')).toBe('/catalog/standards/gold-standard.svg');
    expect(container.querySelector('.product-facts__standard a')?.textContent).toContain('Gold Standard');
    const sdgs = [...container.querySelectorAll<HTMLImageElement>('.product-facts__sdg img')];
    expect(sdgs.map((img) => [img.getAttribute('src'), img.alt])).toEqual([
      ['/catalog/sdgs/sdg-3.svg', 'Goal 3: Good health and well-being'],
      ['/catalog/sdgs/sdg-13.svg', 'Goal 13: Climate action'],
    ]);
    expect(container.textContent).toContain('Kenya');
    expect(container.querySelector('time')?.textContent).toBe(formatDay('2030-12-31'));
  });

  it('switches images from the thumbnails, by click and with the arrow keys, one tab stop for the row', () => {
    const { container } = renderDetails(makeProduct());
    const main = () => container.querySelector<HTMLImageElement>('.product-details__image img')!;
    const thumbs = [...container.querySelectorAll<HTMLButtonElement>('.product-details__thumb')];
    expect(thumbs).toHaveLength(3);
    expect(main().getAttribute('src')).toBe('/catalog/cookstoves.svg');
    expect(thumbs.map((t) => t.tabIndex)).toEqual([0, -1, -1]);
    click(thumbs[2]!);
    expect(main().getAttribute('src')).toBe('/catalog/third.svg');
    expect(thumbs[2]!.getAttribute('aria-pressed')).toBe('true');
    press(thumbs[2]!, 'ArrowRight');
    expect(main().getAttribute('src')).toBe('/catalog/cookstoves.svg');
    expect(document.activeElement).toBe(thumbs[0]);
    press(thumbs[0]!, 'End');
    expect(main().getAttribute('src')).toBe('/catalog/third.svg');
    // The large image keeps a fixed size, so nothing moves when another one loads.
    expect([main().getAttribute('width'), main().getAttribute('height')]).toEqual(['800', '600']);
  });

  it("shows the picked colour's photo (issue 26 item 6), named for the colour", () => {
    const shirt = makeShirt({ image: ['/catalog/products/organic-tee.svg', '/catalog/products/organic-tee-2.svg'] });
    // The green is sold out, so the page opens on the natural one, and its photo.
    const { container } = renderDetails({ ...shirt, variation: shirt.variation.map((c, i) => (i === 1 ? { ...c, sizes: c.sizes.map((s) => ({ ...s, stock: 3 })), stock: 9 } : c)) });
    const main = () => container.querySelector<HTMLImageElement>('.product-details__image img')!;
    expect(main().getAttribute('src')).toBe('/catalog/products/organic-tee.svg');
    click(radio(container, 'Forest green'));
    expect(main().getAttribute('src')).toBe('/catalog/products/organic-tee-2.svg');
    expect(main().alt).toBe('Organic Tee in Forest green');
    click(radio(container, 'Natural'));
    expect(main().getAttribute('src')).toBe('/catalog/products/organic-tee.svg');
  });

  it.each([0, -2])('reads "Out of Stock" on a disabled button at actualStock %i, with no quantity', (actualStock) => {
    const { container, onAddToCart } = renderDetails(makeProduct({ actualStock }));
    const soldOut = button(container, 'Out of Stock');
    expect(soldOut.disabled).toBe(true);
    expect(container.textContent).not.toContain('In Stock');
    expect(container.querySelector('.quantity-stepper')).toBeNull();
    click(soldOut);
    expect(onAddToCart).not.toHaveBeenCalled();
  });

  it('adds the chosen quantity of a product without variations, bounded by its stock', async () => {
    const product = makeProduct({ actualStock: 3 });
    const { container, onAddToCart } = renderDetails(product);
    expect(container.querySelector('[data-testid="product-availability"]')?.textContent).toBe('In Stock');
    const plus = container.querySelector<HTMLButtonElement>('[aria-label="Increase quantity"]')!;
    click(plus);
    click(plus);
    expect(plus.disabled).toBe(true);
    click(plus);
    const input = container.querySelector<HTMLInputElement>('.quantity-stepper__input')!;
    expect(input.value).toBe('3');
    typeInto(input, '99');
    expect(input.value).toBe('3');
    // Clearing the field to retype keeps it empty instead of jumping back to 1.
    typeInto(input, '');
    expect(input.value).toBe('');
    typeInto(input, '2');
    expect(input.value).toBe('2');
    typeInto(input, '3');
    await clickAndSettle(button(container, 'Add to cart'));
    expect(onAddToCart).toHaveBeenCalledWith(product, { quantity: 3, colorId: undefined, sizeId: undefined });
  });
});

describe('color and size pickers', () => {
  it('opens on the first size in stock, disables sizes without stock and bounds the quantity by the chosen size', () => {
    const { container } = renderDetails(makeShirt());
    expect(radio(container, 'Natural').checked).toBe(true);
    expect(radio(container, 'S').disabled).toBe(true);
    expect(radio(container, 'M').checked).toBe(true);
    expect(container.querySelector('.product-details__availability')?.textContent).toBe('In Stock · only 5 left');
    expect(container.querySelector<HTMLInputElement>('.quantity-stepper__input')!.max).toBe('5');
  });

  it('follows the chosen size and color: availability, quantity bound and the add-to-cart choice', async () => {
    const product = makeShirt();
    const { container, onAddToCart } = renderDetails(product);
    const input = () => container.querySelector<HTMLInputElement>('.quantity-stepper__input')!;
    click(radio(container, 'L'));
    expect(container.querySelector('.product-details__availability')?.textContent).toBe('In Stock');
    typeInto(input(), '12');
    expect(input().value).toBe('12');
    // Back to M (5 left): the quantity shrinks to fit.
    click(radio(container, 'M'));
    expect(input().value).toBe('5');
    await clickAndSettle(button(container, 'Add to cart'));
    expect(onAddToCart).toHaveBeenCalledWith(product, { quantity: 5, colorId: 'natural', sizeId: 'natural-m' });

    // A color sold out in every size: out of stock, button disabled.
    click(radio(container, 'Forest green'));
    expect(container.querySelector('[data-testid="product-availability"]')?.textContent).toBe('Out of Stock in this color');
    expect(button(container, 'Out of Stock').disabled).toBe(true);
    expect([...container.querySelectorAll<HTMLInputElement>('input[name$="-size"]')].every((size) => size.disabled)).toBe(true);
  });

  it('labels the groups for assistive technology', () => {
    const { container } = renderDetails(makeShirt());
    const legends = [...container.querySelectorAll('fieldset legend')].map((legend) => legend.textContent);
    expect(legends).toEqual(['Color: Natural', 'Size']);
    expect(radio(container, 'S').closest('label')?.textContent).toContain('(out of stock)');
  });
});
