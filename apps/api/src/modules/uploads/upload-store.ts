import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { UPLOAD_PATH_PATTERN } from '@app/contract/sustainability';
import { IMAGE_TYPES, type ImageExtension } from './image-type.ts';

/** A stored name: 32 random hex characters and the extension its bytes proved. */
const STORED_NAME = /^[a-f0-9]{32}\.(png|jpg|webp)$/;

/** One stored file as the sweep sees it. */
export interface StoredFile {
  name: string;
  bytes: number;
  modifiedAt: Date;
}

/**
 * Files under DATA_DIR/uploads. Names are generated here (never taken from the client), so a
 * hostile file name cannot reach the file system; reads accept only names of that shape.
 *
 * Every file operation of the product goes through this interface (save, read, exists, remove,
 * list): callers never touch the directory, so the storage can move (a volume several API hosts
 * share, an object store) by changing this file alone. Who uploaded what, the allowance and the
 * sweep are uploads.service.ts, on top of it.
 */
export function createUploadStore(directory: string): UploadStore & { directory: string } {
  let ready: Promise<unknown> | undefined;
  const ensureDirectory = () => (ready ??= mkdir(directory, { recursive: true }));

  return {
    directory,

    async save(bytes: Buffer, extension: ImageExtension): Promise<string> {
      await ensureDirectory();
      const name = newStoredName(extension);
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

    /** Every stored file (names of the stored shape only), for the sweep. */
    async list(): Promise<StoredFile[]> {
      let names: string[];
      try {
        names = await readdir(directory);
      } catch {
        return [];
      }
      const files = await Promise.all(
        names
          .filter((name) => STORED_NAME.test(name))
          .map(async (name) => {
            try {
              const info = await stat(path.join(directory, name));
              return info.isFile() ? { name, bytes: info.size, modifiedAt: info.mtime } : null;
            } catch {
              return null;
            }
          }),
      );
      return files.filter((file): file is StoredFile => file !== null);
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
/** What every store offers (this directory, or the database table of database-upload-store.ts). */
export interface UploadStore {
  save(bytes: Buffer, extension: ImageExtension): Promise<string>;
  read(name: string): Promise<{ bytes: Buffer; contentType: string } | undefined>;
  remove(url: string): Promise<void>;
  list(): Promise<StoredFile[]>;
  exists(url: string): Promise<boolean>;
}

/** A stored name: what `read` accepts. */
export const isStoredName = (name: string) => STORED_NAME.test(name);
/** A new random stored name for bytes of this type. */
export const newStoredName = (extension: ImageExtension) => `${randomBytes(16).toString('hex')}.${extension}`;
