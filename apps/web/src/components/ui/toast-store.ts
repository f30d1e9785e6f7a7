import { DEFAULT_TOAST_DURATION_MS } from '@app/contract/constants';
import { createStore } from '../../lib/create-store.ts';

/**
 * Toasts (spec §8). They live in a store outside React so any code (a mutation's onError, the
 * API layer) can raise one. Each auto-dismisses after its duration (default 5 s); the timer
 * pauses while the pointer or keyboard focus is on the toast, so nobody loses a message mid-read.
 */

export type ToastVariant = 'success' | 'error' | 'info';

export interface Toast {
  id: number;
  message: string;
  variant: ToastVariant;
  /** Milliseconds before auto-dismiss; 0 keeps it until closed. */
  duration: number;
}

export interface ToastOptions {
  variant?: ToastVariant;
  duration?: number;
}

/** More than this many at once is noise; the oldest go first. */
const MAX_VISIBLE = 4;

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
  };
  const next = [...toastStore.get(), toast];
  for (const dropped of next.slice(0, Math.max(0, next.length - MAX_VISIBLE))) clearTimer(dropped.id);
  toastStore.set(next.slice(-MAX_VISIBLE));
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

export function clearToasts(): void {
  for (const id of [...timers.keys()]) clearTimer(id);
  toastStore.set([]);
}
