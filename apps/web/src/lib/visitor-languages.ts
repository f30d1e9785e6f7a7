/**
 * The visitor's preferred languages, for defaults that depend on where they are (the carbon
 * calculator's country). The server renders with the request's Accept-Language and hands the
 * browser what it used in the data island, so hydration starts from what the server drew; a page
 * rendered only in the browser reads navigator.languages.
 */
let rendered: readonly string[] | null = null;

/** Set by the server per render (renderToString is synchronous) and by main.tsx from the data island. */
export function setRenderedLanguages(languages: readonly string[] | null): void {
  rendered = languages;
}

export function visitorLanguages(): readonly string[] {
  if (rendered) return rendered;
  if (typeof navigator === 'undefined') return [];
  return navigator.languages?.length ? navigator.languages : [navigator.language];
}

/** Most languages read from an Accept-Language header: enough for any real browser's list. */
const MOST_LANGUAGES = 8;

/** The language tags of an Accept-Language header, most preferred first; malformed parts are skipped. */
export function parseAcceptLanguage(header: string | undefined): string[] {
  if (!header) return [];
  const tags: { tag: string; weight: number; order: number }[] = [];
  for (const [order, part] of header.slice(0, 500).split(',').entries()) {
    const [tag = '', ...params] = part.trim().split(';');
    if (!/^[A-Za-z]{1,8}(?:-[A-Za-z0-9]{1,8})*$/.test(tag)) continue;
    const q = params.map((param) => /^\s*q=([01](?:\.\d{0,3})?)\s*$/.exec(param)?.[1]).find((value) => value !== undefined);
    const weight = q === undefined ? 1 : Number(q);
    if (weight > 0) tags.push({ tag, weight, order });
  }
  return tags
    .sort((a, b) => b.weight - a.weight || a.order - b.order)
    .slice(0, MOST_LANGUAGES)
    .map((entry) => entry.tag);
}
