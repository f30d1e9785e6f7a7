import type { Product } from '@app/contract';
import { useDateFormat } from '../../../lib/dates.ts';

/**
 * The facts of a product page: country, project validity date, the certification standards with
 * their logos, the UN Sustainable Development Goals as their images, categories and tags. Rows without a
 * value are left out rather than shown empty.
 */
export function ProductFacts({ product, headingId }: { product: Product; headingId: string }) {
  const country = product.countryName ?? product.country;
  const dates = useDateFormat();
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
              <time dateTime={product.projectValidityDate}>{dates.day(product.projectValidityDate)}</time>
            </dd>
          </div>
        )}
        {standards.length > 0 && (
          <div className="product-facts__row">
            <dt>{standards.length > 1 ? 'Certification standards' : 'Certification standard'}</dt>
            <dd>
              <ul className="product-facts__standards">
                {standards.map((standard) => (
                  <li key={standard._id} className="product-facts__standard">
                    {/* The badge drawing names the standard too; the link text below says it for everyone. */}
                    <img src={standard.logo} alt="" width={120} height={48} loading="lazy" />
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
                  <li key={sdg._id} className="product-facts__sdg">
                    <img src={sdg.image} alt={`Goal ${sdg.number}: ${sdg.name}`} title={`Goal ${sdg.number}: ${sdg.name}`} width={64} height={64} loading="lazy" />
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
