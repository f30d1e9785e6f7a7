import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_TOAST_DURATION_MS } from '@app/contract';
import { Toaster } from './Toaster.tsx';
import { clearToasts, showToast, toastStore } from './toast-store.ts';
import { cleanup, click, render } from '../../test/render.tsx';
import { MemoryRouter, useNavigate } from 'react-router';
import { MAX_VISIBLE_TOASTS } from './toast-store.ts';

let go: (path: string) => void = () => {};
function Navigator() {
  const navigate = useNavigate();
  go = (path) => act(() => void navigate(path));
  return null;
}

function renderToaster() {
  return render(
    <MemoryRouter initialEntries={['/products']}>
      <Navigator />
      <Toaster />
    </MemoryRouter>,
  );
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  cleanup();
  act(() => clearToasts());
  vi.useRealTimers();
});

describe('toasts (spec §8)', () => {
  it('auto-dismisses after the default 5 s', () => {
    const { container } = renderToaster();
    act(() => {
      showToast('Added to cart Successfully', { variant: 'success' });
    });
    expect(container.textContent).toContain('Added to cart Successfully');

    act(() => vi.advanceTimersByTime(DEFAULT_TOAST_DURATION_MS - 1));
    expect(container.textContent).toContain('Added to cart Successfully');

    act(() => vi.advanceTimersByTime(1));
    expect(container.textContent).not.toContain('Added to cart Successfully');
    expect(toastStore.get()).toHaveLength(0);
    expect(DEFAULT_TOAST_DURATION_MS).toBe(5000);
  });

  it('removes a toast when its close button is pressed', () => {
    const { container } = renderToaster();
    act(() => {
      showToast('Removed From Wishlist');
    });
    const close = container.querySelector('button[aria-label="Dismiss notification"]');
    expect(close).not.toBeNull();
    click(close!);
    expect(container.textContent).not.toContain('Removed From Wishlist');
    expect(container.querySelectorAll('li')).toHaveLength(0);
  });

  it('announces errors assertively and others politely', () => {
    const { container } = renderToaster();
    act(() => {
      showToast('Please try after sometime', { variant: 'error' });
      showToast('Added To Compare', { variant: 'success' });
    });
    const [error, success] = [...container.querySelectorAll('li')];
    expect(error!.getAttribute('role')).toBe('alert');
    expect(error!.getAttribute('aria-live')).toBe('assertive');
    expect(success!.getAttribute('role')).toBe('status');
    expect(success!.getAttribute('aria-live')).toBe('polite');
  });

  it('pauses while hovered so a message is not lost mid-read', () => {
    const { container } = renderToaster();
    act(() => {
      showToast('Item Removed from cart');
    });
    const toast = container.querySelector('li')!;
    act(() => {
      toast.dispatchEvent(new MouseEvent('mouseover', { bubbles: true }));
    });
    act(() => vi.advanceTimersByTime(DEFAULT_TOAST_DURATION_MS * 2));
    expect(container.textContent).toContain('Item Removed from cart');
    act(() => {
      toast.dispatchEvent(new MouseEvent('mouseout', { bubbles: true }));
    });
    act(() => vi.advanceTimersByTime(DEFAULT_TOAST_DURATION_MS));
    expect(container.textContent).not.toContain('Item Removed from cart');
  });

  it('shows at most three at once, the newest', () => {
    const { container } = renderToaster();
    act(() => {
      for (const text of ['one', 'two', 'three', 'four', 'five']) showToast(text);
    });
    expect(MAX_VISIBLE_TOASTS).toBe(3);
    expect([...container.querySelectorAll('li')].map((li) => li.textContent)).toEqual(['three', 'four', 'five']);
  });

  it("dismisses a page's toasts when the shopper goes to another page, but keeps one raised for that page", () => {
    const { container } = renderToaster();
    act(() => {
      showToast('Added to cart Successfully', { variant: 'success' });
      showToast('You joined the business', { variant: 'success', carry: true });
    });
    go('/account');
    expect(container.textContent).not.toContain('Added to cart Successfully');
    expect(container.textContent).toContain('You joined the business');
    // It was about /account: leaving that page takes it away too.
    go('/products');
    expect(container.textContent).not.toContain('You joined the business');
  });

  it('keeps its toasts when only the query changes (a catalog filter)', () => {
    const { container } = renderToaster();
    act(() => {
      showToast('Added To Compare', { variant: 'success' });
    });
    go('/products?kind=offset');
    expect(container.textContent).toContain('Added To Compare');
  });
});
