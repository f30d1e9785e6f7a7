import { useCallback, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { Product } from '@app/contract';
import { isInStock } from '@app/contract/catalog-rules';
import type { Currency } from '@app/contract/money';
import { useToast } from '../../../components/ui/useToast.ts';
import { pricePerUnit } from '@app/contract/units';
import { displayPrice } from '../../products/price.ts';
import { formatDay } from '../../../lib/dates.ts';
import { PLACEHOLDER_IMAGE } from '../../products/components/ProductCard.tsx';
import { removeFromCompare } from '../compare-store.ts';

/** Spec §9: the arrows move the table by this much. */
export const COMPARE_SCROLL_STEP = 400;

/** The rows of spec §2.5, in the spec's order. */
export const COMPARE_ROWS = [
  'Remove',
  'Image',
  'Title',
  'Price',
  'Add to Cart',
  'Description',
  'Country',
  'Availability',
  'Project Validity Date',
  'Standard Certification Authority',
  'Category',
  'Sdgs',
  'Tags',
] as const;
type CompareRow = (typeof COMPARE_ROWS)[number];

export type AddToCartFromCompare = (product: Product, choice: { quantity: number; colorId?: string; sizeId?: string }) => unknown;

interface CompareTableProps {
  products: Product[];
  currency: Currency;
  onAddToCart: AddToCartFromCompare;
}

/**
 * One column per product, one row per spec field. The first column (the row names) stays put
 * while the products scroll under it; the arrows appear only when the table is wider than its
 * box, and only the one that can still move.
 */
export function CompareTable({ products, currency, onAddToCart }: CompareTableProps) {
  const toast = useToast();
  const scrollerRef = useRef<HTMLDivElement>(null);
  const [canScroll, setCanScroll] = useState({ left: false, right: false });

  const measure = useCallback(() => {
    const scroller = scrollerRef.current;
    if (!scroller) return;
    const overflows = scroller.scrollWidth - scroller.clientWidth > 1;
    const left = overflows && scroller.scrollLeft > 0;
    const right = overflows && scroller.scrollLeft + scroller.clientWidth < scroller.scrollWidth - 1;
    setCanScroll((previous) => (previous.left === left && previous.right === right ? previous : { left, right }));
  }, []);

  useLayoutEffect(measure, [measure, products.length]);
  useEffect(() => {
    const scroller = scrollerRef.current;
    window.addEventListener('resize', measure);
    const observer = typeof ResizeObserver === 'undefined' || !scroller ? null : new ResizeObserver(measure);
    if (scroller) observer?.observe(scroller);
    return () => {
      window.removeEventListener('resize', measure);
      observer?.disconnect();
    };
  }, [measure]);

  const scrollBy = (direction: -1 | 1) => scrollerRef.current?.scrollBy({ left: direction * COMPARE_SCROLL_STEP, behavior: 'smooth' });

  function remove(product: Product) {
    removeFromCompare(product.id);
    toast.success('Removed From Compare');
  }

  function addToCart(product: Product) {
    // Spec §4: compare adds quantity 1 of the first color and its first size.
    const color = product.variation[0];
    void onAddToCart(product, { quantity: 1, colorId: color?._id, sizeId: color?.sizes[0]?._id });
  }

  const cell = (row: CompareRow, product: Product): ReactNode => {
    const inStock = isInStock(product.actualStock);
    switch (row) {
      case 'Remove':
        return (
          <button type="button" className="compare__remove" onClick={() => remove(product)} aria-label={`Remove ${product.name} from compare`}>
            Remove
          </button>
        );
      case 'Image':
        return <img src={product.image[0] || PLACEHOLDER_IMAGE} alt={product.name} width={160} height={120} loading="lazy" className="compare__image" />;
      case 'Title':
        return (
          <Link to={`/products/${product.slug}`} className="compare__title">
            {product.name}
          </Link>
        );
      case 'Price': {
        const price = displayPrice(product, currency);
        return price ? (
          <span className="compare__price">
            {price.price}
            {pricePerUnit(product.unit) && <span className="compare__price-unit"> {pricePerUnit(product.unit)}</span>}
            {price.oldPrice && (
              <s className="compare__price-old">
                <span className="visually-hidden">Previous price: </span>
                {price.oldPrice}
              </s>
            )}
          </span>
        ) : (
          'Price on request'
        );
      }
      case 'Add to Cart':
        return (
          <button
            type="button"
            className={`btn btn--md ${inStock ? 'btn--primary' : 'btn--secondary'}`}
            disabled={!inStock}
            onClick={() => addToCart(product)}
            aria-label={inStock ? `Add ${product.name} to cart` : undefined}
          >
            {inStock ? 'Add to Cart' : 'Out of Stock'}
          </button>
        );
      case 'Description':
        return <p className="compare__description">{product.shortDescription || product.description}</p>;
      case 'Country':
        return product.countryName ?? product.country ?? '—';
      case 'Availability':
        return inStock ? 'In Stock' : 'Out of Stock';
      case 'Project Validity Date':
        return product.projectValidityDate ? <time dateTime={product.projectValidityDate}>{formatDay(product.projectValidityDate)}</time> : '—';
      case 'Standard Certification Authority': {
        const standards = product.details?.standards ?? [];
        return standards.length === 0 ? (
          '—'
        ) : (
          <ul className="compare__list">
            {standards.map((standard) => (
              <li key={standard._id} className="compare__standard">
                <img src={standard.logo} alt="" width={28} height={28} loading="lazy" />
                {standard.name}
              </li>
            ))}
          </ul>
        );
      }
      case 'Category':
        return product.categoryList.map((entry) => entry.category.name).join(', ') || '—';
      case 'Sdgs': {
        const sdgs = product.details?.sdgs ?? [];
        return sdgs.length === 0 ? (
          '—'
        ) : (
          <ul className="compare__sdgs">
            {sdgs.map(({ sdg }) => (
              <li key={sdg._id}>
                <img src={sdg.image} alt={`SDG ${sdg.number}: ${sdg.name}`} title={`SDG ${sdg.number}: ${sdg.name}`} width={40} height={40} loading="lazy" />
              </li>
            ))}
          </ul>
        );
      }
      case 'Tags':
        return product.tags.length === 0 ? (
          '—'
        ) : (
          <ul className="compare__tags">
            {product.tags.map((tag) => (
              <li key={tag}>{tag}</li>
            ))}
          </ul>
        );
    }
  };

  return (
    <div className="compare">
      {canScroll.left && (
        <button type="button" className="compare__arrow compare__arrow--left" onClick={() => scrollBy(-1)} aria-label="Scroll left" data-testid="compare-left">
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
            <path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </button>
      )}
      {canScroll.right && (
        <button type="button" className="compare__arrow compare__arrow--right" onClick={() => scrollBy(1)} aria-label="Scroll right" data-testid="compare-right">
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
            <path d="M9 5l7 7-7 7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </button>
      )}
      {/* Focusable so keyboard users can scroll it with the arrow keys too. */}
      <div className="compare__scroller" ref={scrollerRef} onScroll={measure} tabIndex={0} role="region" aria-label="Compared products" data-testid="compare-scroller">
        <table className="compare__table">
          <caption className="visually-hidden">Products side by side</caption>
          <tbody>
            {COMPARE_ROWS.map((row) => (
              <tr key={row} data-row={row}>
                <th scope="row">{row}</th>
                {products.map((product) => (
                  <td key={product.id}>{cell(row, product)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
