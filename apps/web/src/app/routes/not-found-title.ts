/**
 * The not-found page's title, in its own module: the page (a lazy chunk) shows it, and the server
 * renderer puts it in the head of the HTTP 404 answer (entry-server.tsx). Not in page-meta.ts,
 * whose chunk every shop page loads.
 */
export const PAGE_NOT_FOUND_TITLE = 'Page not found — Carbonwise';
