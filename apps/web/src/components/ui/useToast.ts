import { useMemo } from 'react';
import { dismissToast, showToast, type ToastOptions } from './toast-store.ts';

/** A duration in ms, or `{ carry: true }` for a toast about the page the caller goes to next. */
type Extras = Pick<ToastOptions, 'duration' | 'carry'>;
const extras = (options: number | Extras | undefined): Extras => (typeof options === 'number' ? { duration: options } : (options ?? {}));

/** Raise toasts from components: `const toast = useToast(); toast.success('Added to cart Successfully')`. */
export function useToast() {
  return useMemo(
    () => ({
      show: (message: string, options?: ToastOptions) => showToast(message, options),
      success: (message: string, options?: number | Extras) => showToast(message, { variant: 'success', ...extras(options) }),
      error: (message: string, options?: number | Extras) => showToast(message, { variant: 'error', ...extras(options) }),
      info: (message: string, options?: number | Extras) => showToast(message, { variant: 'info', ...extras(options) }),
      dismiss: dismissToast,
    }),
    [],
  );
}
