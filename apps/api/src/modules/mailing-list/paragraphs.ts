/**
 * A newsletter body as paragraphs: plain text, blank lines between paragraphs, single line breaks
 * inside one joined by a space. Shared by `npm run newsletter:send` and the operator console.
 */
export function paragraphsOf(body: string): string[] {
  return body
    .split(/\r?\n\s*\r?\n/)
    .map((paragraph) => paragraph.replace(/\s*\r?\n\s*/g, ' ').trim())
    .filter(Boolean);
}
