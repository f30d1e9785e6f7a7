export { useProducts, getProducts, productKeys, PRODUCTS_FETCH_ERROR } from './api/get-products.ts';
export { ProductCard } from './components/ProductCard.tsx';
export { ProductCatalog, type ProductKindFilter } from './components/ProductCatalog.tsx';
export { displayPrice, KIND_LABEL } from './price.ts';
