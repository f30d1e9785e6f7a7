import type { Product } from '@app/contract';

/** A date such as "31 December 2030", the same on the server and in every browser (fixed locale and time zone). */
export function formatValidityDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
}

/**
 * The facts of a product page: country, project validity date, standards (with their logos),
 * the UN Sustainable Development Goals as coloured tiles, categories and tags. Rows without a
 * value are left out rather than shown empty.
 */
export function ProductFacts({ product, headingId }: { product: Product; headingId: string }) {
  const country = product.countryName ?? product.country;
  const standards = product.details?.standards ?? [];
  const sdgs = product.details?.sdgs.map((entry) => entry.sdg) ?? [];
  const categories = product.categoryList.map((entry) => entry.category);

  return (
    <section aria-labelledby={headingId} className="product-facts">
      <h2 id={headingId} className="product-details__heading">
        Details
      </h2>
      <dl className="product-facts__list">
        {country && (
          <div className="product-facts__row">
            <dt>Country</dt>
            <dd>{country}</dd>
          </div>
        )}
        {product.projectValidityDate && (
          <div className="product-facts__row">
            <dt>Project validity date</dt>
            <dd>
              <time dateTime={product.projectValidityDate}>{formatValidityDate(product.projectValidityDate)}</time>
            </dd>
          </div>
        )}
        {standards.length > 0 && (
          <div className="product-facts__row">
            <dt>Standards</dt>
            <dd>
              <ul className="product-facts__standards">
                {standards.map((standard) => (
                  <li key={standard._id} className="product-facts__standard">
                    <img src={standard.logo} alt="" width={40} height={40} loading="lazy" />
                    {standard.website ? (
                      <a href={standard.website} rel="noopener noreferrer" target="_blank">
                        {standard.name}
                        <span className="visually-hidden"> (opens in a new tab)</span>
                      </a>
                    ) : (
                      <span>{standard.name}</span>
                    )}
                  </li>
                ))}
              </ul>
            </dd>
          </div>
        )}
        {sdgs.length > 0 && (
          <div className="product-facts__row">
            <dt>Sustainable Development Goals</dt>
            <dd>
              <ul className="product-facts__sdgs">
                {sdgs.map((sdg) => (
                  // The goal's colour marks the tile's edge; text stays dark on white, so it reads at AA whatever the colour.
                  <li key={sdg._id} className="product-facts__sdg" style={{ borderLeftColor: sdg.color }}>
                    <span className="product-facts__sdg-number">{sdg.number}</span>
                    <span className="product-facts__sdg-name">{sdg.name}</span>
                  </li>
                ))}
              </ul>
            </dd>
          </div>
        )}
        {categories.length > 0 && (
          <div className="product-facts__row">
            <dt>Categories</dt>
            <dd>{categories.map((category) => category.name).join(', ')}</dd>
          </div>
        )}
        {product.tags.length > 0 && (
          <div className="product-facts__row">
            <dt>Tags</dt>
            <dd>
              <ul className="product-facts__tags">
                {product.tags.map((tag) => (
                  <li key={tag}>{tag}</li>
                ))}
              </ul>
            </dd>
          </div>
        )}
      </dl>
    </section>
  );
}
