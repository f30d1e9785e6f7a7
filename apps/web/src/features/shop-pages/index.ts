/** For the business pages: the owner's shop page editor panel. */
export { ShopPageEditor, type ShopPageEditorProps } from './components/ShopPageEditor.tsx';
export { ShopPageView } from './components/ShopPageView.tsx';
