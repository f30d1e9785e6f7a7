export { Button, buttonClassName, type ButtonProps, type ButtonVariant } from './Button.tsx';
export { Spinner } from './Spinner.tsx';
export { Skeleton } from './Skeleton.tsx';
export { Overlay, type OverlayBackground } from './Overlay.tsx';
export { Dialog, DialogClose, type DialogProps } from './Dialog.tsx';
export { Toaster } from './Toaster.tsx';
export { useToast } from './useToast.ts';
export { showToast, dismissToast, clearToasts, type Toast, type ToastVariant } from './toast-store.ts';
