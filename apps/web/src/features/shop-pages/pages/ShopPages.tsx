/** A business's public pages and the shop-page editor in one lazy module (routes.tsx loads this file for each). */
export { ShopPage } from './ShopPage.tsx';
export { ShopPageEditorPage } from './ShopPageEditorPage.tsx';
export { BusinessPublicPage } from './BusinessPublicPage.tsx';
