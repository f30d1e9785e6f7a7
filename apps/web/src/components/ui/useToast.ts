import { useMemo } from 'react';
import { dismissToast, showToast, type ToastOptions } from './toast-store.ts';

/** Raise toasts from components: `const toast = useToast(); toast.success('Added to cart Successfully')`. */
export function useToast() {
  return useMemo(
    () => ({
      show: (message: string, options?: ToastOptions) => showToast(message, options),
      success: (message: string, duration?: number) => showToast(message, { variant: 'success', duration }),
      error: (message: string, duration?: number) => showToast(message, { variant: 'error', duration }),
      info: (message: string, duration?: number) => showToast(message, { variant: 'info', duration }),
      dismiss: dismissToast,
    }),
    [],
  );
}
