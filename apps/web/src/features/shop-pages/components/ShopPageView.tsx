import type { CSSProperties } from 'react';
import type { PublicShopPage } from '@app/contract/shop-pages';
import { ProductCard } from '../../products/components/ProductCard.tsx';
import { useAddToCart } from '../../../app/routes/use-add-to-cart.ts';
import { useDisplayCurrency } from '../../currency/currency-store.ts';
import { normaliseHex, textOn, DEFAULT_BRAND } from '../brand-color.ts';

/** A business's shop page: its banner in the brand colour, logo, words, and product cards. */
export function ShopPageView({ page }: { page: PublicShopPage }) {
  const currency = useDisplayCurrency();
  const addToCart = useAddToCart();
  const brand = normaliseHex(page.brandColor) ?? DEFAULT_BRAND;
  const style = { '--shop-brand': brand, '--shop-on-brand': textOn(brand) } as CSSProperties;
  const paragraphs = page.description.split(/\n{2,}|\n/).filter((line) => line.trim());

  return (
    <article className="shop-page" style={style} aria-labelledby="shop-page-title">
      <header className={`shop-hero${page.bannerUrl ? ' shop-hero--image' : ''}`}>
        {page.bannerUrl && <img className="shop-hero__banner" src={page.bannerUrl} alt="" width={1200} height={360} />}
        <div className="shop-hero__inner container">
          {page.logoUrl ? (
            <img className="shop-hero__logo" src={page.logoUrl} alt={`${page.business.name} logo`} width={96} height={96} />
          ) : (
            <span className="shop-hero__logo shop-hero__logo--initial" aria-hidden="true">
              {page.business.name.slice(0, 1).toUpperCase()}
            </span>
          )}
          <div className="shop-hero__text">
            <p className="shop-hero__business">{page.business.name}</p>
            <h1 id="shop-page-title" className="shop-hero__title">
              {page.title}
            </h1>
            {page.tagline && <p className="shop-hero__tagline">{page.tagline}</p>}
          </div>
        </div>
      </header>

      <div className="container shop-page__body">
        {paragraphs.length > 0 && (
          <section className="shop-page__about" aria-label="About">
            {paragraphs.map((text, index) => (
              <p key={index}>{text}</p>
            ))}
          </section>
        )}
        <section aria-labelledby="shop-products-title">
          <h2 id="shop-products-title" className="shop-page__section-title">
            Products from {page.business.name}
            <span className="shop-page__count"> · {page.products.length}</span>
          </h2>
          {page.products.length === 0 ? (
            <p className="shop-page__empty">This business has not picked any products yet. Please check back soon.</p>
          ) : (
            <ul className="product-grid shop-page__grid">
              {page.products.map((product) => (
                <li key={product.id}>
                  <ProductCard product={product} currency={currency} onAddToCart={addToCart} />
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </article>
  );
}
