export * from './currency-store.ts';
export { CurrencySelect } from './CurrencySelect.tsx';
