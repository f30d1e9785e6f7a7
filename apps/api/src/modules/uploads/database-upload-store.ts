import path from 'node:path';
import { eq, inArray, sql } from 'drizzle-orm';
import { UPLOAD_PATH_PATTERN } from '@app/contract/sustainability';
import type { Database } from '../../db/client.ts';
import { uploadContents } from '../../db/schema/index.ts';
import { IMAGE_TYPES, type ImageExtension } from './image-type.ts';
import { createUploadStore, isStoredName, newStoredName, type StoredFile, type UploadStore } from './upload-store.ts';

/**
 * Uploads kept in PostgreSQL (decision 0060): one bytea row per image in `upload_contents`, so
 * every API host on the database serves every image, with nothing to mount or configure. Images
 * are at most 2 MB and read rarely (a year of browser caching), so the database carries them well.
 *
 * Files written to DATA_DIR/uploads before the switch stay readable and are swept as before: the
 * directory is consulted when the table has no row of that name.
 */
export function createDatabaseUploadStore(db: Database, legacyDirectory: string): UploadStore {
  const legacy = createUploadStore(legacyDirectory);
  const nameOf = (url: string) => url.slice('/uploads/'.length);

  return {
    async save(bytes: Buffer, extension: ImageExtension): Promise<string> {
      const name = newStoredName(extension);
      await db.insert(uploadContents).values({ name, content: bytes });
      return name;
    },

    async read(name: string) {
      if (!isStoredName(name)) return undefined;
      const [row] = await db.select({ content: uploadContents.content }).from(uploadContents).where(eq(uploadContents.name, name));
      if (!row) return legacy.read(name);
      return { bytes: row.content, contentType: IMAGE_TYPES[path.extname(name).slice(1) as ImageExtension] };
    },

    async remove(url: string): Promise<void> {
      if (!UPLOAD_PATH_PATTERN.test(url)) return;
      await db.delete(uploadContents).where(inArray(uploadContents.name, [nameOf(url)]));
      await legacy.remove(url);
    },

    async list(): Promise<StoredFile[]> {
      // Sizes without shipping the bytes.
      const rows = await db
        .select({ name: uploadContents.name, bytes: sql<number>`octet_length(${uploadContents.content})`.mapWith(Number), modifiedAt: uploadContents.createdAt })
        .from(uploadContents);
      return [...rows, ...(await legacy.list())];
    },

    async exists(url: string): Promise<boolean> {
      if (!UPLOAD_PATH_PATTERN.test(url)) return false;
      const [row] = await db.select({ name: uploadContents.name }).from(uploadContents).where(eq(uploadContents.name, nameOf(url)));
      return row !== undefined || legacy.exists(url);
    },
  };
}

/**
 * The store the configuration asks for: UPLOAD_STORAGE, else the database on PostgreSQL (several
 * hosts may share it) and DATA_DIR/uploads on the embedded PGlite (one process owns it anyway).
 */
export function openUploadStore(options: { storage?: 'database' | 'directory'; databaseKind: 'postgresql' | 'pglite'; db: Database; dataDir: string }): UploadStore {
  const directory = path.join(options.dataDir, 'uploads');
  const storage = options.storage ?? (options.databaseKind === 'postgresql' ? 'database' : 'directory');
  return storage === 'database' ? createDatabaseUploadStore(options.db, directory) : createUploadStore(directory);
}
