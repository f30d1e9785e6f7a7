import { vi } from 'vitest';

/**
 * Runs before every web unit test file (vitest.config.ts `setupFiles`). The files share a worker's
 * loaded modules and its happy-dom window instead of each starting a fresh one (`isolate: false`:
 * the project took 78 s and 146 s of CPU that way on this 2-core machine, 13 s and 22 s this way).
 * So what one file leaves behind is cleared before the next: its mounted React trees, the app's
 * module state (stores, caches, cookie readers), the page's address, cookies and storage, timers
 * and stubs.
 */
// The previous file's render helper still holds its mounted trees: unmount them first, so their
// effects (timers, fetches) stop.
const previous = await import('./render.tsx');
previous.cleanup();
vi.useRealTimers();
vi.unstubAllGlobals();
vi.unstubAllEnvs();
vi.restoreAllMocks();
// This file then imports the app afresh: module-level state starts as in a new page.
vi.resetModules();

const happyDOM = (window as unknown as { happyDOM?: { setURL(url: string): void } }).happyDOM;
happyDOM?.setURL('http://localhost:3000/');
// At '/' the page sees only cookies of path '/', the ones it can also clear.
for (const part of document.cookie.split(';')) {
  const name = part.split('=')[0]?.trim();
  if (name) document.cookie = `${name}=; path=/; max-age=0`;
}
localStorage.clear();
sessionStorage.clear();
document.head.innerHTML = '';
document.body.innerHTML = '';
document.documentElement.removeAttribute('lang');
document.documentElement.removeAttribute('class');
document.title = '';
