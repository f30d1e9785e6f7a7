import { readFileSync } from 'node:fs';
import path from 'node:path';

/** The parts of Vite's manifest (dist/.vite/manifest.json) used here. */
interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

/**
 * The built index.html, filled in two ways: with a server-rendered page (head tags, markup and
 * data island), or as the app shell with the preloads of the lazy page the path opens, so that
 * page's code and CSS download together with the entry rather than after it.
 */
export class HtmlTemplate {
  private readonly html: string;
  private readonly manifest: Manifest;
  /** Files and CSS index.html already loads: never preloaded twice. */
  private readonly entry: { files: Set<string>; css: Set<string> };
  private readonly webDistDir: string;
  /** Each page stylesheet's <style> and disabled <link> (see inlineStylesheet), read once. */
  private readonly inlined = new Map<string, string>();

  constructor(webDistDir: string) {
    this.webDistDir = webDistDir;
    this.html = inlineEntryCss(readFileSync(path.join(webDistDir, 'index.html'), 'utf8'), webDistDir);
    const manifestFile = path.join(webDistDir, '.vite', 'manifest.json');
    this.manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
    const entry = Object.keys(this.manifest).find((key) => this.manifest[key]!.isEntry);
    this.entry = entry ? this.collect(entry) : { files: new Set(), css: new Set() };
  }

  /**
   * A server-rendered page: its own head tags replace the shell's title and description; the
   * chunks and CSS of `modules` (the page's own code) are preloaded as the shell does.
   */
  page(head: string, markup: string, dataJson: string, modules: readonly string[] = []): string {
    // The head, markup and data carry the visitor's text (a search, a slug): they are spliced in
    // by position, never through `replace` with a replacement string, whose `$\``, `$'` and `$&`
    // would copy parts of the template into the page (issue 23: 49 × `$\`` in a URL made 5 MB).
    return spliceInstead(this.shellWithHead(head, modules), '<div id="root"></div>', `<div id="root">${markup}</div>\n    <script type="application/json" id="ssr-data">${dataJson}</script>`);
  }

  /** The app shell, preloading the chunks and CSS of `modules` (source paths in the manifest). */
  shell(modules: readonly string[] = []): string {
    return this.withPreloads(this.html, modules);
  }

  /** The app shell with its own head tags (title, robots) in place of the shell's title and description: the not-found page. */
  shellWithHead(head: string, modules: readonly string[] = []): string {
    const html = this.withPreloads(this.html, modules)
      .replace(/<title>[\s\S]*?<\/title>/, '')
      .replace(/<meta name="description"[^>]*>\s*/, '');
    return spliceBefore(html, '</head>', `  ${head}\n  `);
  }

  private withPreloads(html: string, modules: readonly string[]): string {
    const known = modules.filter((module) => this.manifest[module]);
    if (known.length === 0) return html;
    const files = new Set<string>();
    const css = new Set<string>();
    const seen = new Set<string>();
    for (const module of known) this.collect(module, seen, files, css);
    const links = [
      ...[...files].filter((file) => !this.entry.files.has(file)).map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
      // Inline like the entry's: a page's stylesheets (a few KB) would each hold the first paint for a request.
      ...[...css].filter((file) => !this.entry.css.has(file)).map((file) => this.inlinedStylesheet(file)),
    ];
    return spliceBefore(html, '</head>', `  ${links.join('\n    ')}\n  `);
  }

  private inlinedStylesheet(file: string): string {
    let tags = this.inlined.get(file);
    if (tags === undefined) {
      tags = inlineStylesheet(file, readFileSync(path.join(this.webDistDir, file), 'utf8'));
      this.inlined.set(file, tags);
    }
    return tags;
  }

  /** A chunk with everything it imports statically: JavaScript files and CSS files. */
  private collect(key: string, seen = new Set<string>(), files = new Set<string>(), css = new Set<string>()) {
    if (seen.has(key)) return { files, css };
    seen.add(key);
    const chunk = this.manifest[key];
    if (!chunk) return { files, css };
    files.add(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
    for (const imported of chunk.imports ?? []) this.collect(imported, seen, files, css);
    return { files, css };
  }
}

/** `text` put in before the first `marker` (the html unchanged when there is none); no pattern in `text` is interpreted. */
export function spliceBefore(html: string, marker: string, text: string): string {
  const at = html.indexOf(marker);
  return at < 0 ? html : html.slice(0, at) + text + html.slice(at);
}

/** The first `marker` replaced by `text`, taken literally. */
export function spliceInstead(html: string, marker: string, text: string): string {
  const at = html.indexOf(marker);
  return at < 0 ? html : html.slice(0, at) + text + html.slice(at + marker.length);
}

/**
 * The entry's CSS (a few KB compressed) goes inline, as do the page chunks' CSS files, so the
 * first paint waits for the HTML only, not for stylesheet requests (the CSP allows inline styles). Each <link> stays, `disabled` so it
 * is not fetched: Vite's loader of lazy pages looks for a stylesheet link with that href before
 * adding one, and would otherwise load the same CSS again later and change the cascade order.
 */
function inlineEntryCss(html: string, webDistDir: string): string {
  return html.replace(/<link rel="stylesheet" crossorigin href="\/(assets\/[^"]+\.css)">/g, (_link, file: string) =>
    inlineStylesheet(file, readFileSync(path.join(webDistDir, file), 'utf8')),
  );
}

/** A stylesheet as inline <style> plus its disabled <link>; the plain link if the CSS could close the element. */
function inlineStylesheet(file: string, css: string): string {
  if (/<\/style/i.test(css)) return `<link rel="stylesheet" crossorigin href="/${file}">`;
  return `<style>${css}</style>\n    <link rel="stylesheet" crossorigin href="/${file}" disabled>`;
}
