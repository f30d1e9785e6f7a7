import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, click, render } from '../../../test/render.tsx';
import { getCompareIds, removeFromCompare, toggleCompare } from '../compare-store.ts';
import { CompareBar } from './CompareBar.tsx';

function emptyCompare() {
  for (const id of [...getCompareIds()]) act(() => removeFromCompare(id));
}

beforeEach(emptyCompare);
afterEach(() => {
  cleanup();
  emptyCompare();
});

describe('the compare dock (issue 26 item 11)', () => {
  it('docks along the bottom and makes the page keep room for it, so it covers nothing', () => {
    const { container } = render(<CompareBar onAddToCart={async () => true} />);
    expect(container.querySelector('[data-testid="compare-dock"]')).toBeNull();
    expect(document.documentElement.hasAttribute('data-compare-dock')).toBe(false);
    act(() => void toggleCompare('p-1'));
    act(() => void toggleCompare('p-2'));
    expect(container.querySelector('[data-testid="compare-bar"]')?.textContent).toBe('Compare (2)');
    expect(container.textContent).toContain('2 products to compare');
    expect(document.documentElement.hasAttribute('data-compare-dock')).toBe(true);
  });

  it('can be hidden, and comes back when the list changes', () => {
    const { container } = render(<CompareBar onAddToCart={async () => true} />);
    act(() => void toggleCompare('p-1'));
    click(container.querySelector('button[aria-label="Hide the compare bar"]')!);
    expect(container.querySelector('[data-testid="compare-dock"]')).toBeNull();
    expect(document.documentElement.hasAttribute('data-compare-dock')).toBe(false);
    act(() => void toggleCompare('p-3'));
    expect(container.querySelector('[data-testid="compare-bar"]')?.textContent).toBe('Compare (2)');
  });
});
