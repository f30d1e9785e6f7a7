/** The business-sustainability pages in one lazy module: both routes (routes.tsx) load this file. */
export { BusinessSustainabilityEditorPage } from './BusinessSustainabilityEditorPage.tsx';
export { PublicBusinessSustainabilityPage } from './PublicBusinessSustainabilityPage.tsx';
