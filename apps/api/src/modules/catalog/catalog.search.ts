import { searchWords } from '@app/contract';
import { eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { countries, products } from '../../db/schema/index.ts';

/** The country name's vector, weighted as tags are (B); indexed by countries_name_search_idx. */
const countryVector = sql`to_tsvector('english'::regconfig, coalesce(${countries.entity}, ''))`;

/**
 * The tsquery of a search: every word must match, each as a prefix ("cook" finds cookstoves).
 * Words hold only letters and digits (searchWords), and each is a bound parameter of its own
 * to_tsquery call, so nothing typed reaches the tsquery syntax: `'&|!():*` cannot break it.
 */
function prefixQuery(words: string[]): SQL {
  return sql.join(
    words.map((word) => sql`to_tsquery('english'::regconfig, ${`${word}:*`})`),
    sql` && `,
  );
}

/**
 * PostgreSQL full-text search over products (name, tags, country name, descriptions), in one
 * query: the ids that match, best first (ts_rank, then id). The other filters are applied in
 * memory by the read model.
 */
export function createCatalogSearch(db: Database) {
  return {
    async rankedIds(q: string): Promise<string[]> {
      const words = searchWords(q);
      if (words.length === 0) return [];
      const query = prefixQuery(words);
      const rows = await db
        .select({ id: products.id })
        .from(products)
        .leftJoin(countries, eq(countries.code, products.countryCode))
        .where(sql`(${products.searchVector} @@ (${query}) or ${countryVector} @@ (${query}))`)
        .orderBy(sql`ts_rank(${products.searchVector} || setweight(${countryVector}, 'B'), (${query})) desc`, products.id);
      return rows.map((row) => row.id);
    },
  };
}
export type CatalogSearch = ReturnType<typeof createCatalogSearch>;
