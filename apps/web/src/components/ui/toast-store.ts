import { DEFAULT_TOAST_DURATION_MS } from '@app/contract/constants';
import { createStore } from '../../lib/create-store.ts';

/**
 * Toasts (spec §8). They live in a store outside React so any code (a mutation's onError, the
 * API layer) can raise one. Each auto-dismisses after its duration (default 5 s); the timer
 * pauses while the pointer or keyboard focus is on the toast, so nobody loses a message mid-read.
 * At most three show at once (the oldest go first), and a page change dismisses them: a toast is
 * about the page it was raised on, unless it was raised with `carry` for the page that comes next
 * ("You joined the business", then the business page). Issue 26: toasts stacked up, covered the
 * page and followed the shopper to the next page.
 */

export type ToastVariant = 'success' | 'error' | 'info';

export interface Toast {
  id: number;
  message: string;
  variant: ToastVariant;
  /** Milliseconds before auto-dismiss; 0 keeps it until closed. */
  duration: number;
  /** About the page that comes next: survives one page change. */
  carry: boolean;
}

export interface ToastOptions {
  variant?: ToastVariant;
  duration?: number;
  carry?: boolean;
}

/** More than this many at once is noise; the oldest go first. */
export const MAX_VISIBLE_TOASTS = 3;

export const toastStore = createStore<readonly Toast[]>([]);

interface Timer {
  handle: ReturnType<typeof setTimeout> | null;
  remaining: number;
  startedAt: number;
}

const timers = new Map<number, Timer>();
let nextId = 1;

function startTimer(id: number, ms: number): void {
  const handle = setTimeout(() => dismissToast(id), ms);
  timers.set(id, { handle, remaining: ms, startedAt: Date.now() });
}

function clearTimer(id: number): void {
  const timer = timers.get(id);
  if (timer?.handle) clearTimeout(timer.handle);
  timers.delete(id);
}

export function showToast(message: string, options: ToastOptions = {}): number {
  const id = nextId++;
  const toast: Toast = {
    id,
    message,
    variant: options.variant ?? 'info',
    duration: options.duration ?? DEFAULT_TOAST_DURATION_MS,
    carry: options.carry ?? false,
  };
  const next = [...toastStore.get(), toast];
  for (const dropped of next.slice(0, Math.max(0, next.length - MAX_VISIBLE_TOASTS))) clearTimer(dropped.id);
  toastStore.set(next.slice(-MAX_VISIBLE_TOASTS));
  if (toast.duration > 0) startTimer(id, toast.duration);
  return id;
}

export function dismissToast(id: number): void {
  clearTimer(id);
  toastStore.set((toasts) => toasts.filter((toast) => toast.id !== id));
}

export function pauseToast(id: number): void {
  const timer = timers.get(id);
  if (!timer?.handle) return;
  clearTimeout(timer.handle);
  timers.set(id, { handle: null, remaining: timer.remaining - (Date.now() - timer.startedAt), startedAt: 0 });
}

export function resumeToast(id: number): void {
  const timer = timers.get(id);
  if (!timer || timer.handle) return;
  // A short grace period so a toast does not vanish the instant the pointer leaves it.
  startTimer(id, Math.max(timer.remaining, 1000));
}

/** The page changed: toasts of the old page go; one raised for this page stays, now as this page's. */
export function pageChanged(): void {
  const toasts = toastStore.get();
  if (toasts.length === 0) return;
  for (const toast of toasts) if (!toast.carry) clearTimer(toast.id);
  toastStore.set(toasts.filter((toast) => toast.carry).map((toast) => ({ ...toast, carry: false })));
}

/** The toasts showing now (tests). */
export const getToasts = (): readonly Toast[] => toastStore.get();

export function clearToasts(): void {
  for (const id of [...timers.keys()]) clearTimer(id);
  toastStore.set([]);
}
