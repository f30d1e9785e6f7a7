import { randomBytes } from 'node:crypto';
import { mkdir, readFile, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { UPLOAD_PATH_PATTERN } from '@app/contract/sustainability';
import { IMAGE_TYPES, type ImageExtension } from './image-type.ts';

/** A stored name: 32 random hex characters and the extension its bytes proved. */
const STORED_NAME = /^[a-f0-9]{32}\.(png|jpg|webp)$/;

/**
 * Files under DATA_DIR/uploads. Names are generated here (never taken from the client), so a
 * hostile file name cannot reach the file system; reads accept only names of that shape.
 */
export function createUploadStore(directory: string) {
  let ready: Promise<unknown> | undefined;
  const ensureDirectory = () => (ready ??= mkdir(directory, { recursive: true }));

  return {
    directory,

    async save(bytes: Buffer, extension: ImageExtension): Promise<string> {
      await ensureDirectory();
      const name = `${randomBytes(16).toString('hex')}.${extension}`;
      // 'wx': never overwrite, even in the astronomically unlikely case of a repeated name.
      await writeFile(path.join(directory, name), bytes, { flag: 'wx', mode: 0o644 });
      return name;
    },

    /** The file and its content type, or undefined for an unknown or malformed name. */
    async read(name: string): Promise<{ bytes: Buffer; contentType: string } | undefined> {
      if (!STORED_NAME.test(name)) return undefined;
      try {
        const bytes = await readFile(path.join(directory, name));
        return { bytes, contentType: IMAGE_TYPES[path.extname(name).slice(1) as ImageExtension] };
      } catch {
        return undefined;
      }
    },

    /** Deletes the file an `/uploads/<name>` address points at; other addresses and missing files are ignored. */
    async remove(url: string): Promise<void> {
      if (!UPLOAD_PATH_PATTERN.test(url)) return;
      await unlink(path.join(directory, url.slice('/uploads/'.length))).catch(() => undefined);
    },

    /** Does an `/uploads/<name>` address point at a stored file? */
    async exists(url: string): Promise<boolean> {
      if (!UPLOAD_PATH_PATTERN.test(url)) return false;
      try {
        return (await stat(path.join(directory, url.slice('/uploads/'.length)))).isFile();
      } catch {
        return false;
      }
    },
  };
}
export type UploadStore = ReturnType<typeof createUploadStore>;
