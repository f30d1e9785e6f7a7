import { Link } from 'react-router';
import type { Product } from '@app/contract';
import { emptyCatalogQuery } from '@app/contract/catalog-query';
import { FEATURED_PRODUCTS_SLICE } from '@app/contract/constants';
import type { Currency } from '@app/contract/money';
import type { PageQuery } from '../../features/products/api/get-products.ts';
import { useProductPage } from '../../features/products/api/use-catalog.ts';
import { displayPrice, KIND_LABEL } from '../../features/products/price.ts';

/**
 * A row's query: the first FEATURED_PRODUCTS_SLICE products flagged featured or on offer (one
 * page of `GET v1/products/featured|offered`), never the whole catalog. The server renders the
 * same query (entry-server.tsx), so the rows are in the first HTML and cost no request.
 */
export function homeRowQuery(list: 'featured' | 'offered'): PageQuery {
  return { ...emptyCatalogQuery(), list, page: 1, size: FEATURED_PRODUCTS_SLICE };
}

/**
 * Featured and on-offer rows of the home page; a row with nothing flagged (or not loaded) is
 * left out. Tiles, not full product cards: the rows point to products, and the grid below is
 * where one adds them to the cart.
 */
export function HomeProductRows({ currency }: { currency: Currency }) {
  const featured = useProductPage(homeRowQuery('featured')).data?.products;
  const offered = useProductPage(homeRowQuery('offered')).data?.products;
  return (
    <>
      <ProductRow id="featured" title="Featured" lead="Projects and products our team picked this season." products={featured} currency={currency} />
      <ProductRow id="offered" title="On offer" lead="Reduced prices, while they last." products={offered} currency={currency} />
    </>
  );
}

function ProductRow({ id, title, lead, products, currency }: { id: string; title: string; lead: string; products: Product[] | undefined; currency: Currency }) {
  if (!products?.length) return null;
  const headingId = `${id}-heading`;
  return (
    <section className="container home-row" aria-labelledby={headingId}>
      <div className="home-row__header">
        <h2 id={headingId} className="home-row__title">
          {title}
        </h2>
        <p className="home-row__lead">{lead}</p>
      </div>
      <ul className="home-row__list">
        {products.map((product) => (
          <li key={product._id}>
            <ProductTile product={product} currency={currency} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function ProductTile({ product, currency }: { product: Product; currency: Currency }) {
  const price = displayPrice(product, currency);
  return (
    <Link to={`/products/${product.slug}`} className="home-tile">
      <span className="home-tile__media">
        {product.image[0] && <img src={product.image[0]} alt="" width="320" height="240" loading="lazy" decoding="async" />}
      </span>
      <span className="home-tile__kind">{KIND_LABEL[product.kind]}</span>
      <span className="home-tile__name">{product.name}</span>
      {price ? (
        <span className="home-tile__price">
          {price.price}
          {price.oldPrice && (
            <s className="home-tile__old-price">
              <span className="visually-hidden">, was </span>
              {price.oldPrice}
            </s>
          )}
        </span>
      ) : (
        <span className="home-tile__price">Price on request</span>
      )}
    </Link>
  );
}
