import { Link } from 'react-router';
import type { Product } from '@app/contract';
import { FEATURED_PRODUCTS_SLICE } from '@app/contract/constants';
import type { Currency } from '@app/contract/money';
import { useProducts } from '../../features/products/api/use-catalog.ts';
import { displayPrice, KIND_LABEL } from '../../features/products/price.ts';

/**
 * Featured and on-offer rows of the home page. They read the same product list the grid below
 * uses (the server renders it from the catalog snapshot, so they are in the first HTML and cost
 * no extra request); a row with nothing flagged is left out. Tiles, not full product cards: the
 * rows point to products, and the grid below is where one adds them to the cart.
 */
export function HomeProductRows({ currency }: { currency: Currency }) {
  const { data } = useProducts();
  if (!data) return null;
  const featured = data.filter((product) => product.featured).slice(0, FEATURED_PRODUCTS_SLICE);
  const offered = data.filter((product) => product.offered).slice(0, FEATURED_PRODUCTS_SLICE);
  return (
    <>
      <ProductRow id="featured" title="Featured" lead="Projects and products our team picked this season." products={featured} currency={currency} />
      <ProductRow id="offered" title="On offer" lead="Reduced prices, while they last." products={offered} currency={currency} />
    </>
  );
}

function ProductRow({ id, title, lead, products, currency }: { id: string; title: string; lead: string; products: Product[]; currency: Currency }) {
  if (products.length === 0) return null;
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
