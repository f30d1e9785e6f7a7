export { NewsletterInline } from './components/NewsletterInline.tsx';
export { NewsletterPopupLauncher } from './components/NewsletterPopupLauncher.tsx';
