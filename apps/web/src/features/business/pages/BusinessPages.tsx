/**
 * The business account pages in one lazy module: both routes (routes.tsx) load this file, so
 * the app's entry carries one import for them, not two (the home page's JavaScript budget).
 */
export { MyBusinessAccountPage } from './MyBusinessAccountPage.tsx';
export { MyEmployerAccountPage } from './MyEmployerAccountPage.tsx';
