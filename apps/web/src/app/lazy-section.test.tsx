import { act, useState } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { flush } from '../test/dom.ts';
import { lazySection, preloadSections, wakeSections } from './lazy-section.tsx';

/** A section's content: a counter button, so a test can tell whether React handles the click. */
function Counter({ label }: { label: string }) {
  const [clicks, setClicks] = useState(0);
  return (
    <button type="button" onClick={() => setClicks((n) => n + 1)}>
      {label}: {clicks}
    </button>
  );
}

/** A loader the test resolves when it wants "the chunk" to arrive. */
function deferredLoader() {
  let arrive!: () => void;
  const load = vi.fn(() => new Promise<typeof Counter>((resolve) => (arrive = () => resolve(Counter))));
  return { load, arrive: () => arrive() };
}

/** The IntersectionObserver of a browser where nothing scrolls into view unless the test says so. */
class NeverVisible {
  observe() {}
  disconnect() {}
}

let root: Root | undefined;
let container: HTMLElement;
const errors: unknown[] = [];

beforeEach(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  vi.stubGlobal('IntersectionObserver', NeverVisible);
  vi.spyOn(console, 'error').mockImplementation((...args) => void errors.push(args));
  errors.length = 0;
  container = document.createElement('div');
  document.body.append(container);
});
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  container.remove();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** What the server sends for a section: rendered with its code loaded, inside Suspense markers. */
async function serverMarkup(label: string): Promise<string> {
  const Rendered = lazySection({ load: async () => Counter, hydrate: 'visible' });
  await preloadSections();
  return renderToString(
    <MemoryRouter>
      <Rendered label={label} />
    </MemoryRouter>,
  );
}

describe('lazy sections', () => {
  it('are rendered in full on the server, inside a Suspense boundary', async () => {
    const html = await serverMarkup('Add');
    expect(html).toContain('<!--$-->');
    expect(html).toContain('<button type="button">Add<!-- -->: <!-- -->0</button>');
  });

  it('mark sections that wait for the viewport as below the fold (not drawn until near), not those hydrated at once', async () => {
    const Later = lazySection({ load: async () => Counter, hydrate: 'visible' });
    const Now = lazySection({ load: async () => Counter, hydrate: 'now' });
    await preloadSections();
    const html = renderToString(
      <MemoryRouter>
        <Now label="Page" />
        <Later label="Footer" />
      </MemoryRouter>,
    );
    const wrappers = [...html.matchAll(/<div class="([^"]+)">/g)].map(([, className]) => className);
    expect(wrappers).toEqual(['lazy-section', 'lazy-section lazy-section--below-fold']);
  });

  it('waits for the sections that loading a section declares', async () => {
    const Inner = lazySection({ load: async () => Counter, hydrate: 'now' });
    let innerDeclared: typeof Inner | undefined;
    const Outer = lazySection({
      load: async () => {
        // A page chunk that declares a section of its own when it loads (the home page's rows).
        innerDeclared = lazySection({ load: async () => Counter, hydrate: 'visible' });
        const Declared = innerDeclared;
        return ({ label }: { label: string }) => <Declared label={label} />;
      },
      hydrate: 'now',
    });
    await preloadSections();
    const html = renderToString(
      <MemoryRouter>
        <Outer label="Row" />
        <Inner label="Hero" />
      </MemoryRouter>,
    );
    expect(innerDeclared).toBeDefined();
    expect(html).toContain('Row<!-- -->: <!-- -->0');
    expect(html).not.toContain('<!--$?-->'); // nothing left waiting: the inner section's code was loaded too
  });

  it('keep the server markup while their code is away, then hydrate without a mismatch', async () => {
    container.innerHTML = await serverMarkup('Add');
    const { load, arrive } = deferredLoader();
    const Section = lazySection({ load, hydrate: 'visible' });
    await act(async () => {
      root = hydrateRoot(
        container,
        <MemoryRouter>
          <Section label="Add" />
        </MemoryRouter>,
      );
    });
    expect(load).not.toHaveBeenCalled(); // not near the viewport: its code is not fetched
    expect(container.querySelector('button')?.textContent).toBe('Add: 0');

    await act(async () => wakeSections());
    expect(load).toHaveBeenCalledTimes(1);
    await act(async () => {
      arrive();
      await flush(4);
    });
    const button = container.querySelector('button')!;
    act(() => button.click());
    expect(button.textContent).toBe('Add: 1'); // the same element, now live
    expect(errors).toEqual([]);
  });

  it('answer a click made before their code arrived, once it has', async () => {
    container.innerHTML = await serverMarkup('Add');
    const { load, arrive } = deferredLoader();
    const Section = lazySection({ load, hydrate: 'visible' });
    await act(async () => {
      root = hydrateRoot(
        container,
        <MemoryRouter>
          <Section label="Add" />
        </MemoryRouter>,
      );
    });
    const button = container.querySelector('button')!;
    await act(async () => button.click());
    expect(load).toHaveBeenCalledTimes(1); // the click fetched the code
    expect(button.textContent).toBe('Add: 0');
    await act(async () => {
      arrive();
      await flush(4);
    });
    expect(button.textContent).toBe('Add: 1');
    expect(errors).toEqual([]);
  });
});
