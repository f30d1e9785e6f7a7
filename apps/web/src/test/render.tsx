import type { ReactNode } from 'react';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';

/**
 * A tiny stand-in for Testing Library (not installed): render into a real DOM (happy-dom) with
 * React's act(), and clean up afterwards.
 */
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

export interface Rendered {
  container: HTMLElement;
  rerender: (ui: ReactNode) => void;
  unmount: () => void;
}

const mounted = new Set<{ root: Root; container: HTMLElement }>();

export function render(ui: ReactNode): Rendered {
  const container = document.createElement('div');
  document.body.appendChild(container);
  const root = createRoot(container);
  act(() => root.render(ui));
  const entry = { root, container };
  mounted.add(entry);
  return {
    container,
    rerender: (next) => act(() => root.render(next)),
    unmount: () => {
      act(() => root.unmount());
      container.remove();
      mounted.delete(entry);
    },
  };
}

export function cleanup(): void {
  for (const { root, container } of mounted) {
    act(() => root.unmount());
    container.remove();
  }
  mounted.clear();
}

/** Elements whose trimmed text content is exactly `text`. */
export function getAllByText(scope: ParentNode, text: string, selector = '*'): HTMLElement[] {
  return [...scope.querySelectorAll<HTMLElement>(selector)].filter(
    (el) => el.textContent?.trim() === text && ![...el.children].some((child) => child.textContent?.trim() === text),
  );
}

export function click(element: Element): void {
  act(() => {
    (element as HTMLElement).click();
  });
}

export function clearAllCookies(): void {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; path=/; max-age=0`;
  }
}
