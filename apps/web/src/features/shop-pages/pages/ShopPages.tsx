/** The shop-page routes in one lazy module (routes.tsx loads this file for both). */
export { ShopPage } from './ShopPage.tsx';
export { ShopPageEditorPage } from './ShopPageEditorPage.tsx';
