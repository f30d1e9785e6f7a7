import { useLocation } from 'react-router';
import { Suspense, memo, use, useEffect, useRef, useState, type ComponentType, type NamedExoticComponent, type ReactNode } from 'react';

/**
 * A part of a server-rendered page whose code is not in the first-load bundle.
 *
 * The server loads every section before its first render (`preloadSections`), so its HTML holds
 * the section's full markup, inside a Suspense boundary. In the browser the boundary stays as the
 * server drew it until the section's chunk is there, then React hydrates it on its own: no
 * mismatch, no flash, and the hydration of the page is cut into pieces the browser can interleave
 * with input (shorter long tasks). `hydrate: 'now'` fetches the chunk at once (the server also
 * sends it as a modulepreload with the page); `'visible'` only when the section comes near the
 * viewport, so below-the-fold code never loads for a visitor who does not scroll.
 *
 * Why not React.lazy: renderToString cannot wait for it, and a boundary whose server markup was
 * rendered without one would not match in the browser.
 */

export type HydrateWhen = 'now' | 'visible';

interface SectionOptions<P> {
  load: () => Promise<ComponentType<P>>;
  hydrate: HydrateWhen;
  /** What a client-side render shows while the chunk loads (never seen on a server-rendered page). */
  fallback?: ReactNode;
}

export type LazySection<P extends object> = NamedExoticComponent<P> & { preload(): Promise<ComponentType<P>> };

const allSections: (() => Promise<unknown>)[] = [];

/**
 * Loads every section's code: the server renderer awaits it once before rendering. A section's
 * chunk may declare sections of its own (the home page's rows), so it repeats until no new
 * section appears.
 */
export async function preloadSections(): Promise<void> {
  let loaded = 0;
  while (loaded < allSections.length) {
    const pending = allSections.slice(loaded);
    loaded = allSections.length;
    await Promise.all(pending.map((preload) => preload()));
  }
}

/** Gates of sections still waiting for their code (opened by `wakeSections`). */
const waiting = new Set<() => void>();

/**
 * Loads every section still waiting. For changes that would leave the server's markup of an
 * unseen section out of date (another display currency): its code loads and it hydrates at once.
 */
export function wakeSections(): void {
  for (const open of [...waiting]) open();
}

/** A promise that resolves when `open` is called: stands between a section and its chunk. */
interface Gate<P> {
  open(): void;
  ready: Promise<ComponentType<P>>;
  /** Set once the section's component has mounted (hydrated or rendered). */
  live: boolean;
  /** Called when it goes live (replays a click that arrived before). */
  onLive?: () => void;
}

export function lazySection<P extends object>({ load, hydrate, fallback = null }: SectionOptions<P>): LazySection<P> {
  let Loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (component) => (Loaded = component),
      (error: unknown) => {
        loading = undefined; // a later render may try again (e.g. back online)
        throw error;
      },
    ));
  allSections.push(preload);

  function createGate(): Gate<P> {
    let resolve!: () => void;
    const opened = new Promise<void>((done) => (resolve = done));
    const open = () => {
      waiting.delete(open);
      resolve();
    };
    waiting.add(open);
    const ready = opened.then(preload);
    if (hydrate === 'now') open();
    return { open, ready, live: false };
  }

  // The boundary's props never change (the gate is created once), so React never has to drop the
  // server's markup to apply an update to a boundary that is still waiting for its code.
  function Body({ gate, props }: { gate: Gate<P>; props: P }) {
    // Hooks before `use`: a render that suspends at `use` is replayed with the hooks it already
    // called, so the order must be the same whether the code was there or not.
    useEffect(() => {
      gate.live = true;
      gate.onLive?.();
    }, [gate]);
    const Component = Loaded ?? use(gate.ready);
    return <Component {...props} />;
  }

  function Section(props: P) {
    const [gate] = useState(createGate);
    // A navigation changes the router's context above a boundary still holding the server's
    // markup; React can only apply it by hydrating the boundary, so a transition waits for it.
    // Load the code now (opening is idempotent), or the navigation would wait for a scroll.
    const { key } = useLocation();
    const [firstKey] = useState(key);
    if (key !== firstKey) gate.open();
    const ref = useRef<HTMLDivElement>(null);
    useEffect(() => {
      if (hydrate === 'now' || Loaded) return gate.open();
      const element = ref.current;
      if (!element || typeof IntersectionObserver === 'undefined') return gate.open();
      const stopReplay = replayEarlyClicks(element, gate);
      const observer = new IntersectionObserver(
        (entries) => {
          if (!entries.some((entry) => entry.isIntersecting)) return;
          observer.disconnect();
          gate.open();
        },
        { rootMargin: '400px 0px' },
      );
      observer.observe(element);
      return () => {
        observer.disconnect();
        stopReplay();
      };
    }, [gate]);
    return (
      <div ref={ref} className={hydrate === 'visible' ? 'lazy-section lazy-section--below-fold' : 'lazy-section'}>
        <Suspense fallback={fallback}>
          <Body gate={gate} props={props} />
        </Suspense>
      </div>
    );
  }
  // Memoised: a parent's re-render with the same props must not reach a boundary still waiting
  // for its chunk (React would have to client-render it, dropping the server's markup); pass
  // stable props (useCallback) for the same reason.
  return Object.assign(memo(Section), { preload });
}

/**
 * A click on the server's markup before the section is live would do nothing: React stops it at
 * its root (it cannot hydrate the boundary without the code) and does not replay it. So catch it
 * first (a capturing listener on window runs before React's on the root), load the section now,
 * and click the same element again once it is live. Focus moving in (keyboard) loads it too.
 */
function replayEarlyClicks(element: HTMLElement, gate: Pick<Gate<unknown>, 'live' | 'onLive' | 'open'>): () => void {
  let held: HTMLElement | null = null;
  const inside = (target: EventTarget | null): target is Element => target instanceof Element && element.contains(target);
  const onClick = (event: MouseEvent) => {
    if (gate.live || !inside(event.target)) return;
    event.preventDefault();
    event.stopPropagation();
    held = event.target.closest<HTMLElement>('a, button, input, label, select, textarea, [role="button"]') ?? (event.target instanceof HTMLElement ? event.target : null);
    gate.open();
  };
  const onFocus = (event: FocusEvent) => {
    if (inside(event.target)) gate.open();
  };
  gate.onLive = () => {
    const target = held;
    held = null;
    if (target?.isConnected) target.click();
  };
  window.addEventListener('click', onClick, true);
  window.addEventListener('focusin', onFocus, true);
  return () => {
    window.removeEventListener('click', onClick, true);
    window.removeEventListener('focusin', onFocus, true);
  };
}
