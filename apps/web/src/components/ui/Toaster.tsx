import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { useStore } from '../../lib/create-store.ts';
import { dismissToast, pageChanged, pauseToast, resumeToast, toastStore, type Toast } from './toast-store.ts';
import './toast.css';

const ICONS: Record<Toast['variant'], string> = {
  success: 'M5 10.5l3.2 3.2L15 7',
  error: 'M10 6v5M10 14h.01',
  info: 'M10 9v5M10 6h.01',
};

function ToastItem({ toast }: { toast: Toast }) {
  // Errors interrupt (assertive); confirmations wait their turn (polite).
  const isError = toast.variant === 'error';
  return (
    <li
      className={`toast toast--${toast.variant}`}
      role={isError ? 'alert' : 'status'}
      aria-live={isError ? 'assertive' : 'polite'}
      aria-atomic="true"
      onMouseEnter={() => pauseToast(toast.id)}
      onMouseLeave={() => resumeToast(toast.id)}
      onFocus={() => pauseToast(toast.id)}
      onBlur={() => resumeToast(toast.id)}
    >
      <svg className="toast__icon" viewBox="0 0 20 20" width="20" height="20" aria-hidden="true">
        <circle cx="10" cy="10" r="9" fill="currentColor" opacity="0.12" />
        <path d={ICONS[toast.variant]} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      <p className="toast__message">{toast.message}</p>
      <button type="button" className="toast__close" aria-label="Dismiss notification" onClick={() => dismissToast(toast.id)}>
        <svg viewBox="0 0 20 20" width="16" height="16" aria-hidden="true">
          <path d="M5 5l10 10M15 5 5 15" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
        </svg>
      </button>
    </li>
  );
}

/** Renders the toast stack; mounted once in the app layout. */
export function Toaster() {
  const toasts = useStore(toastStore);
  const { pathname } = useLocation();
  const shownOn = useRef(pathname);
  useEffect(() => {
    if (pathname === shownOn.current) return;
    shownOn.current = pathname;
    pageChanged();
  }, [pathname]);
  return (
    <section className="toaster" aria-label="Notifications">
      <ol className="toaster__list">
        {toasts.map((toast) => (
          <ToastItem key={toast.id} toast={toast} />
        ))}
      </ol>
    </section>
  );
}
