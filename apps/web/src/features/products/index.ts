export { getProducts, PRODUCTS_FETCH_ERROR } from './api/get-products.ts';
export { CatalogCache, type CatalogSeed } from './api/catalog-cache.ts';
export { CatalogCacheProvider, useProducts, useProduct } from './api/use-catalog.ts';
export { ProductCard } from './components/ProductCard.tsx';
export { ProductCatalog, type ProductKindFilter } from './components/ProductCatalog.tsx';
export { displayPrice, KIND_LABEL } from './price.ts';
