export { AccountView, ACCOUNT_SECTIONS } from './components/AccountView.tsx';
