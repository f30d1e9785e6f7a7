/**
 * The image types we accept, recognised by their first bytes (magic numbers), never by the
 * file name or the declared Content-Type. SVG is deliberately absent: it is XML that can carry
 * script, so it is refused like any other unknown content.
 */
export const IMAGE_TYPES = {
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
} as const;
export type ImageExtension = keyof typeof IMAGE_TYPES;

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];

const startsWith = (bytes: Uint8Array, prefix: number[], at = 0) => prefix.every((byte, i) => bytes[at + i] === byte);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** The extension of an accepted image type, or undefined for anything else. */
export function detectImageType(bytes: Uint8Array): ImageExtension | undefined {
  if (bytes.length >= PNG.length && startsWith(bytes, PNG)) return 'png';
  if (bytes.length >= 4 && startsWith(bytes, JPEG)) return 'jpg';
  // RIFF <size:4> WEBP
  if (bytes.length >= 12 && startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'webp';
  return undefined;
}
