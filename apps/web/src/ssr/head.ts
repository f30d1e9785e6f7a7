import type { Product } from '@app/contract';
import type { Currency } from '@app/contract/money';
import { displayPriceEntry } from '../features/products/price.ts';
import { serializeForScript } from './ssr-data.ts';

/** Escapes text for an HTML attribute or element. */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

export interface PageHead {
  title: string;
  description: string;
  /** Absolute URL (from PUBLIC_URL); none for the not-found page. */
  canonical?: string;
  noindex?: boolean;
  openGraph?: Record<string, string>;
  jsonLd?: unknown;
}

/** The <head> tags of a server-rendered page. */
export function renderHead(head: PageHead): string {
  const tags = [
    `<title>${escapeHtml(head.title)}</title>`,
    `<meta name="description" content="${escapeHtml(head.description)}" />`,
  ];
  if (head.canonical) tags.push(`<link rel="canonical" href="${escapeHtml(head.canonical)}" />`);
  if (head.noindex) tags.push('<meta name="robots" content="noindex" />');
  for (const [property, content] of Object.entries(head.openGraph ?? {})) {
    tags.push(`<meta property="${escapeHtml(property)}" content="${escapeHtml(content)}" />`);
  }
  if (head.jsonLd) tags.push(`<script type="application/ld+json">${serializeForScript(head.jsonLd)}</script>`);
  return tags.join('\n    ');
}

/** A site path or URL as an absolute URL. */
export function absoluteUrl(publicUrl: string, pathOrUrl: string): string {
  return new URL(pathOrUrl, `${publicUrl}/`).href;
}

/** A description fit for a meta tag: one line, at most ~160 characters. */
export function metaDescription(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length <= 160 ? line : `${line.slice(0, 157).replace(/\s+\S*$/, '')}…`;
}

/**
 * A product page's head: title, description, canonical URL, Open Graph (with the product price
 * tags) and schema.org Product JSON-LD whose offer is in the visitor's currency.
 */
export function productHead(product: Product, currency: Currency, publicUrl: string, title: string): PageHead {
  const canonical = absoluteUrl(publicUrl, `/products/${product.slug}`);
  const description = metaDescription(product.shortDescription || product.description || product.name);
  const images = product.image.map((image) => absoluteUrl(publicUrl, image));
  const entry = displayPriceEntry(product, currency);
  const availability = product.actualStock > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock';
  const openGraph: Record<string, string> = {
    'og:type': 'product',
    'og:site_name': 'Carbonwise',
    'og:title': product.name,
    'og:description': description,
    'og:url': canonical,
  };
  if (images[0]) openGraph['og:image'] = images[0];
  if (entry) {
    openGraph['product:price:amount'] = entry.price.toFixed(2);
    openGraph['product:price:currency'] = entry.currency;
  }
  return {
    title,
    description,
    canonical,
    openGraph,
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: product.name,
      description: product.description || product.shortDescription,
      image: images,
      sku: product.id,
      url: canonical,
      ...(entry && {
        offers: {
          '@type': 'Offer',
          price: entry.price.toFixed(2),
          priceCurrency: entry.currency,
          availability,
          url: canonical,
        },
      }),
      // The buyers' reviews (issue 8), so search results can show the stars.
      ...(product.averageRating !== null &&
        product.reviewCount > 0 && {
          aggregateRating: { '@type': 'AggregateRating', ratingValue: product.averageRating.toFixed(1), reviewCount: product.reviewCount, bestRating: '5', worstRating: '1' },
        }),
    },
  };
}
