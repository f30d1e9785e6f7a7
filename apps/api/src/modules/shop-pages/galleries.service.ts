import { and, count, desc, eq } from 'drizzle-orm';
import type { GalleryImage } from '@app/contract/shop-pages';
import { USER_GALLERY_MAX_IMAGES } from '@app/contract/shop-pages';
import type { Database } from '../../db/client.ts';
import { userGalleryImages, users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { IMAGE_TYPES } from '../uploads/image-type.ts';
import type { Uploads } from '../uploads/uploads.service.ts';
import type { FormImage } from './multipart-form.ts';

type ImageRow = typeof userGalleryImages.$inferSelect;

const toImage = (row: ImageRow): GalleryImage => ({ _id: row.id, id: row.id, url: row.url, contentType: row.contentType, bytes: row.bytes, caption: row.caption, createdAt: row.createdAt.toISOString() });

/** Each signed-in person's own images (`/v1/user-galleries`); nobody reaches another's (404). */
export function createGalleries(deps: { db: Database; uploads: Uploads }) {
  const { db, uploads } = deps;
  return {
    async add(userId: string, image: FormImage, caption: string): Promise<GalleryImage> {
      const url = await uploads.save(userId, image.bytes, image.extension);
      const written = db.transaction(async (tx) => {
        // The person's row serialises their uploads, so two at once cannot pass the cap together.
        await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
        const [held] = await tx.select({ n: count() }).from(userGalleryImages).where(eq(userGalleryImages.userId, userId));
        if ((held?.n ?? 0) >= USER_GALLERY_MAX_IMAGES) throw new AppError('CONFLICT', `Your gallery holds ${USER_GALLERY_MAX_IMAGES} images at most; delete one first`);
        const [row] = await tx
          .insert(userGalleryImages)
          .values({ userId, url, contentType: IMAGE_TYPES[image.extension], bytes: image.bytes.length, caption })
          .returning();
        return toImage(row!);
      });
      // Refused (gallery full) or failed: the file has no row, so it goes too.
      return written.catch(async (error: unknown) => {
        await uploads.release(url);
        throw error;
      });
    },

    async list(userId: string, page: number, size: number) {
      const [rows, [counted]] = await Promise.all([
        db.select().from(userGalleryImages).where(eq(userGalleryImages.userId, userId)).orderBy(desc(userGalleryImages.createdAt), desc(userGalleryImages.id)).limit(size).offset((page - 1) * size),
        db.select({ n: count() }).from(userGalleryImages).where(eq(userGalleryImages.userId, userId)),
      ]);
      return { data: rows.map(toImage), meta: { page, size, total: counted?.n ?? 0 } };
    },

    /** Deletes one of the caller's images; another person's id is as unknown as a missing one. */
    async remove(userId: string, id: string): Promise<GalleryImage> {
      const [row] = await db.delete(userGalleryImages).where(and(eq(userGalleryImages.id, id), eq(userGalleryImages.userId, userId))).returning();
      if (!row) throw new AppError('NOT_FOUND', 'That image was not found in your gallery');
      // Deleted and committed: the file goes unless the person also shows it elsewhere.
      await uploads.release(row.url);
      return toImage(row);
    },
  };
}
export type Galleries = ReturnType<typeof createGalleries>;
