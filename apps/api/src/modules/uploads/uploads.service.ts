import { eq, inArray, lt, sql } from 'drizzle-orm';
import { UPLOAD_PATH_PATTERN } from '@app/contract/sustainability';
import type { Database } from '../../db/client.ts';
import { uploads as uploadRows, users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { IMAGE_TYPES, type ImageExtension } from './image-type.ts';
import type { UploadStore } from './upload-store.ts';

/** Uploads nobody refers to are kept this long (a form may upload first and save a minute later). */
export const UNREFERENCED_UPLOAD_GRACE_MS = 24 * 60 * 60 * 1000;

/**
 * Every place a stored image can be referred to, as one list of `/uploads/…` addresses. A new
 * column that holds upload addresses must be added here, or the sweep would remove its files.
 */
const REFERENCES = sql`
  select image_url as url from business_events
  union all select logo_url from business_product_pages
  union all select banner_url from business_product_pages
  union all select url from user_gallery_images
  union all select image from sustainability_profiles
  union all select image_url from sustainability_profiles
  union all select image from business_sustainability_profiles
  union all select image_url from business_sustainability_profiles
  union all select logo_url from businesses
  union all select url from product_images
  union all select image from product_colors
  union all select unnest(product_images) from order_items`;

const mb = (bytes: number) => `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
const nameOf = (url: string) => url.slice('/uploads/'.length);

/**
 * Uploaded images over their whole life (issue 23 item 7): saved with who uploaded them and
 * within that account's allowance; released once the change that stopped using them has
 * committed (the file goes unless something else still refers to it); swept when nothing has
 * referred to them for a day. File operations stay behind the store's interface.
 */
export function createUploads(deps: { db: Database; store: UploadStore; quotaBytes: number; now?: () => Date; log?: { warn: (obj: object, msg: string) => void } }) {
  const { db, store, quotaBytes } = deps;
  const now = deps.now ?? (() => new Date());

  async function referenced(urls: string[]): Promise<Set<string>> {
    if (urls.length === 0) return new Set();
    const result = (await db.execute(sql`select distinct r.url from (${REFERENCES}) r where r.url in (${sql.join(urls.map((url) => sql`${url}`), sql`, `)})`)) as unknown as { rows: { url: string }[] };
    return new Set(result.rows.map((row) => row.url));
  }

  async function removeFiles(names: string[]): Promise<void> {
    if (names.length === 0) return;
    await db.delete(uploadRows).where(inArray(uploadRows.name, names));
    await Promise.all(names.map((name) => store.remove(`/uploads/${name}`)));
  }

  return {
    store,

    /**
     * Stores an image for `ownerUserId` and answers its `/uploads/<name>` address; 413
     * UPLOAD_QUOTA_EXCEEDED when it would take the account past its allowance. The person's row
     * is locked while their total is checked, so uploads at once cannot pass it together.
     */
    async save(ownerUserId: string, bytes: Buffer, extension: ImageExtension): Promise<string> {
      const name = await store.save(bytes, extension);
      try {
        await db.transaction(async (tx) => {
          await tx.select({ id: users.id }).from(users).where(eq(users.id, ownerUserId)).for('update');
          const [held] = await tx.select({ bytes: sql<number>`coalesce(sum(${uploadRows.bytes}), 0)`.mapWith(Number) }).from(uploadRows).where(eq(uploadRows.ownerUserId, ownerUserId));
          const used = held?.bytes ?? 0;
          if (used + bytes.length > quotaBytes) {
            throw new AppError('UPLOAD_QUOTA_EXCEEDED', `Your images already take ${mb(used)} of the ${mb(quotaBytes)} each account may keep; remove images you no longer use, then upload again`, {
              fields: { file: [`over the ${mb(quotaBytes)} allowance`] },
            });
          }
          await tx.insert(uploadRows).values({ name, ownerUserId, bytes: bytes.length, contentType: IMAGE_TYPES[extension] });
        });
      } catch (error) {
        await store.remove(`/uploads/${name}`);
        throw error;
      }
      return `/uploads/${name}`;
    },

    exists: (url: string) => store.exists(url),

    /**
     * Call after the transaction that replaced or removed these images has committed: each goes
     * (file and ledger row) unless something still refers to it. Never throws: a file left
     * behind by a failure here is the sweep's to remove.
     */
    async release(...urls: Array<string | null | undefined>): Promise<void> {
      const candidates = [...new Set(urls.filter((url): url is string => typeof url === 'string' && UPLOAD_PATH_PATTERN.test(url)))];
      if (candidates.length === 0) return;
      try {
        const still = await referenced(candidates);
        await removeFiles(candidates.filter((url) => !still.has(url)).map(nameOf));
      } catch (error) {
        deps.log?.warn({ err: error }, 'releasing uploads failed; the sweep will remove them');
      }
    },

    /**
     * Removes uploads that nothing refers to and that are older than the grace period before
     * `at` (now by default): ledger rows, files without a row (from before the ledger), and rows
     * whose file is gone. Safe to run in several processes at once (removal is idempotent).
     */
    async sweep(at: Date = now()): Promise<{ removed: number; bytes: number }> {
      const cutoff = new Date(at.getTime() - UNREFERENCED_UPLOAD_GRACE_MS);
      const files = await store.list();
      const old = files.filter((file) => file.modifiedAt < cutoff);
      const oldRows = await db.select({ name: uploadRows.name }).from(uploadRows).where(lt(uploadRows.createdAt, cutoff));
      const names = [...new Set([...old.map((file) => file.name), ...oldRows.map((row) => row.name)])];
      let removed = 0;
      let bytes = 0;
      const sizes = new Map(files.map((file) => [file.name, file.bytes]));
      for (let i = 0; i < names.length; i += 500) {
        const batch = names.slice(i, i + 500);
        const still = await referenced(batch.map((name) => `/uploads/${name}`));
        const gone = batch.filter((name) => !still.has(`/uploads/${name}`));
        await removeFiles(gone);
        removed += gone.length;
        bytes += gone.reduce((sum, name) => sum + (sizes.get(name) ?? 0), 0);
      }
      return { removed, bytes };
    },
  };
}

export type Uploads = ReturnType<typeof createUploads>;
