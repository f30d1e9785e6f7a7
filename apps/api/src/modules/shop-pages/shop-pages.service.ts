import { and, asc, count, eq, inArray, or, sql } from 'drizzle-orm';
import type { BusinessOffer, BusinessProduct, PublicShopPage, ShopBusiness, ShopPage } from '@app/contract/shop-pages';
import { DEFAULT_BRAND_COLOR } from '@app/contract/shop-pages';
import type { Database } from '../../db/client.ts';
import { uniqueViolation } from '../../db/errors.ts';
import { businesses, businessPageProducts, businessProductPages } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { findBusinessById, findBusinessByCode, relationTo, requireBusinessOwner, type BusinessRow } from '../business/business.access.ts';
import type { Uploads } from '../uploads/uploads.service.ts';
import type { FormImage } from './multipart-form.ts';
import type { ProductCards } from './product-cards.ts';

type PageRow = typeof businessProductPages.$inferSelect;

/** The page fields after the contract's check (multipart strings already turned into values). */
export interface PageInput {
  title?: string;
  tagline?: string;
  description?: string;
  brandColor?: string;
  productIds?: string[];
  removeLogo?: boolean;
  removeBanner?: boolean;
}
export interface PageImages {
  logo?: FormImage;
  banner?: FormImage;
}

const pageNotFound = () => new AppError('NOT_FOUND', 'Shop page was not found');
const pageExists = () => new AppError('CONFLICT', 'This business has a shop page already; edit it instead of creating another');
const MAX_NAME_MATCHES = 20;

/** A product deleted between the check and the write breaks the foreign key: the caller's 400, not a fault. */
function productGone(error: unknown): unknown {
  for (let current = error as { code?: unknown; cause?: unknown } | undefined, depth = 0; current && depth < 4; current = current.cause as typeof current, depth += 1) {
    if (current.code === '23503') return new AppError('VALIDATION_FAILED', 'A chosen product is no longer in the catalog', { fields: { productIds: ['a product is no longer in the catalog'] } });
  }
  return error;
}

const shopBusiness = (row: Pick<BusinessRow, 'id' | 'name' | 'businessCode' | 'businessSlug'>): ShopBusiness => ({ _id: row.id, name: row.name, businessCode: row.businessCode, businessSlug: row.businessSlug });

/**
 * Shop pages (spec §7 Product pages). The owner writes (business.access: 404 unknown, 403 not
 * the owner); the owner and members read the settings; anyone reads the page by the business's
 * address name and the products businesses offer. Product cards come from the catalog read model.
 */
export function createShopPages(deps: { db: Database; uploads: Uploads; cards: ProductCards }) {
  const { db, uploads, cards } = deps;

  async function productIdsOf(pageIds: string[]): Promise<Map<string, string[]>> {
    const map = new Map<string, string[]>(pageIds.map((id) => [id, []]));
    if (pageIds.length === 0) return map;
    const rows = await db
      .select({ pageId: businessPageProducts.pageId, productId: businessPageProducts.productId })
      .from(businessPageProducts)
      .where(inArray(businessPageProducts.pageId, pageIds))
      .orderBy(asc(businessPageProducts.pageId), asc(businessPageProducts.position));
    for (const row of rows) map.get(row.pageId)!.push(row.productId);
    return map;
  }

  function toPage(row: PageRow, slug: string, productIds: string[]): ShopPage {
    return {
      _id: row.id,
      id: row.id,
      businessId: row.businessId,
      slug,
      title: row.title,
      tagline: row.tagline,
      description: row.description,
      brandColor: row.brandColor,
      logoUrl: row.logoUrl,
      bannerUrl: row.bannerUrl,
      productIds,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  async function view(row: PageRow, business: Pick<BusinessRow, 'businessSlug'>): Promise<ShopPage> {
    return toPage(row, business.businessSlug, (await productIdsOf([row.id])).get(row.id)!);
  }

  /** Ids the catalog does not show are refused (400), so a page never offers a missing product. */
  function checkedProductIds(ids: string[] | undefined): string[] | undefined {
    if (!ids) return undefined;
    const normalised = ids.map((id) => id.toLowerCase());
    const missing = cards.unknown(normalised);
    if (missing.length > 0) throw new AppError('VALIDATION_FAILED', `No product has the id ${missing[0]}`, { fields: { productIds: missing.map((id) => `${id} is not a product`) } });
    return normalised;
  }

  /** The page by its own id or its business's id (the editor knows only the business). */
  async function findPage(id: string): Promise<{ page: PageRow; business: BusinessRow } | null> {
    const [row] = await db
      .select({ page: businessProductPages, business: businesses })
      .from(businessProductPages)
      .innerJoin(businesses, eq(businesses.id, businessProductPages.businessId))
      .where(or(eq(businessProductPages.id, id), eq(businessProductPages.businessId, id)))
      .limit(1);
    return row ?? null;
  }

  async function ownedPage(userId: string, id: string) {
    const found = await findPage(id);
    if (!found) throw pageNotFound();
    await requireBusinessOwner(db, userId, { businessId: found.business.id });
    return found;
  }

  /** Stores an image for the owner, within their allowance (uploads.service.ts). */
  async function store(userId: string, image: FormImage | undefined): Promise<string | undefined> {
    return image ? uploads.save(userId, image.bytes, image.extension) : undefined;
  }

  /** Files no row points at any more (replaced, removed, or written for a refused save); after the commit. */
  async function drop(...urls: Array<string | undefined>) {
    await uploads.release(...urls);
  }

  async function offersOf(rows: BusinessRow[]): Promise<BusinessOffer[]> {
    if (rows.length === 0) return [];
    const pages = await db.select().from(businessProductPages).where(inArray(businessProductPages.businessId, rows.map((row) => row.id)));
    const ids = await productIdsOf(pages.map((page) => page.id));
    const byBusiness = new Map(pages.map((page) => [page.businessId, page]));
    return rows.map((row) => {
      const page = byBusiness.get(row.id);
      return {
        business: shopBusiness(row),
        page: page ? { title: page.title, brandColor: page.brandColor, slug: row.businessSlug } : null,
        products: page ? cards.cards(ids.get(page.id)!) : [],
      };
    });
  }

  return {
    async create(userId: string, businessId: string, input: PageInput & { title: string }, images: PageImages): Promise<ShopPage> {
      const business = await requireBusinessOwner(db, userId, { businessId });
      const productIds = checkedProductIds(input.productIds) ?? [];
      const [existing] = await db.select({ id: businessProductPages.id }).from(businessProductPages).where(eq(businessProductPages.businessId, business.id)).limit(1);
      if (existing) throw pageExists();
      const [logoUrl, bannerUrl] = await Promise.all([store(userId, images.logo), store(userId, images.banner)]);
      try {
        const row = await db.transaction(async (tx) => {
          const [page] = await tx
            .insert(businessProductPages)
            .values({
              businessId: business.id,
              title: input.title,
              tagline: input.tagline ?? '',
              description: input.description ?? '',
              brandColor: input.brandColor ?? DEFAULT_BRAND_COLOR,
              logoUrl: logoUrl ?? '',
              bannerUrl: bannerUrl ?? '',
            })
            .returning();
          if (productIds.length > 0) await tx.insert(businessPageProducts).values(productIds.map((productId, position) => ({ pageId: page!.id, productId, position })));
          return page!;
        });
        return toPage(row, business.businessSlug, productIds);
      } catch (error) {
        await drop(logoUrl, bannerUrl);
        // Two creates at once: the unique business id lets one through.
        if (uniqueViolation(error)) throw pageExists();
        throw productGone(error);
      }
    },

    /** The settings by page id or business id: the owner and the business's members may read them; others 403. */
    async get(userId: string, id: string): Promise<ShopPage | null> {
      const found = await findPage(id);
      // A business without a page yet: null for its people (the editor starts empty), 404 when no such business.
      const businessId = found?.business.id ?? (await findBusinessById(db, id))?.id;
      if (!businessId) throw pageNotFound();
      if ((await relationTo(db, userId, businessId)) === 'none') throw new AppError('FORBIDDEN', 'Only the owner and members of this business can read its page settings');
      return found ? view(found.page, found.business) : null;
    },

    async update(userId: string, id: string, input: PageInput, images: PageImages): Promise<ShopPage> {
      const { page, business } = await ownedPage(userId, id);
      const productIds = checkedProductIds(input.productIds);
      const [logoUrl, bannerUrl] = await Promise.all([store(userId, images.logo), store(userId, images.banner)]);
      const columns: Partial<typeof businessProductPages.$inferInsert> = { updatedAt: new Date() };
      for (const key of ['title', 'tagline', 'description', 'brandColor'] as const) if (input[key] !== undefined) columns[key] = input[key];
      if (logoUrl) columns.logoUrl = logoUrl;
      else if (input.removeLogo) columns.logoUrl = '';
      if (bannerUrl) columns.bannerUrl = bannerUrl;
      else if (input.removeBanner) columns.bannerUrl = '';
      const row = await db.transaction(async (tx) => {
        // Conditional on the business still being this owner's: a concurrent transfer cannot slip in.
        const [updated] = await tx
          .update(businessProductPages)
          .set(columns)
          .where(and(eq(businessProductPages.id, page.id), sql`exists (select 1 from ${businesses} where ${businesses.id} = ${businessProductPages.businessId} and ${businesses.ownerUserId} = ${userId})`))
          .returning();
        if (!updated) throw pageNotFound();
        if (productIds) {
          await tx.delete(businessPageProducts).where(eq(businessPageProducts.pageId, page.id));
          if (productIds.length > 0) await tx.insert(businessPageProducts).values(productIds.map((productId, position) => ({ pageId: page.id, productId, position })));
        }
        return updated;
      }).catch(async (error: unknown) => {
        await drop(logoUrl, bannerUrl);
        throw productGone(error);
      });
      await drop(columns.logoUrl !== undefined && page.logoUrl !== columns.logoUrl ? page.logoUrl : undefined, columns.bannerUrl !== undefined && page.bannerUrl !== columns.bannerUrl ? page.bannerUrl : undefined);
      return view(row, business);
    },

    async remove(userId: string, id: string): Promise<ShopPage> {
      const { page, business } = await ownedPage(userId, id);
      const before = await view(page, business);
      const deleted = await db.delete(businessProductPages).where(eq(businessProductPages.id, page.id)).returning({ id: businessProductPages.id });
      if (deleted.length === 0) throw pageNotFound();
      await drop(page.logoUrl, page.bannerUrl);
      return before;
    },

    /** Public: the page at /shop/{slug}, with its business and product cards. */
    async bySlug(slug: string): Promise<PublicShopPage> {
      const [found] = await db
        .select({ page: businessProductPages, business: businesses })
        .from(businessProductPages)
        .innerJoin(businesses, eq(businesses.id, businessProductPages.businessId))
        .where(eq(businesses.businessSlug, slug))
        .limit(1);
      if (!found) throw new AppError('NOT_FOUND', 'No shop page has this address');
      const page = await view(found.page, found.business);
      return { ...page, business: shopBusiness(found.business), products: cards.cards(page.productIds) };
    },

    /** Public: products offered on shop pages, one row per business and product, by business name then the page's order. */
    async listProducts(query: { businessCode?: string; page: number; size: number }) {
      let businessId: string | undefined;
      if (query.businessCode) {
        const business = await findBusinessByCode(db, query.businessCode);
        if (!business) throw new AppError('NOT_FOUND', 'No business has this code');
        businessId = business.id;
      }
      const where = businessId ? eq(businessProductPages.businessId, businessId) : undefined;
      const [rows, [counted]] = await Promise.all([
        db
          .select({ productId: businessPageProducts.productId, id: businesses.id, name: businesses.name, businessCode: businesses.businessCode, businessSlug: businesses.businessSlug })
          .from(businessPageProducts)
          .innerJoin(businessProductPages, eq(businessProductPages.id, businessPageProducts.pageId))
          .innerJoin(businesses, eq(businesses.id, businessProductPages.businessId))
          .where(where)
          .orderBy(asc(businesses.name), asc(businesses.id), asc(businessPageProducts.position))
          .limit(query.size)
          .offset((query.page - 1) * query.size),
        db.select({ n: count() }).from(businessPageProducts).innerJoin(businessProductPages, eq(businessProductPages.id, businessPageProducts.pageId)).where(where),
      ]);
      const data: BusinessProduct[] = rows.flatMap((row) => {
        const product = cards.card(row.productId);
        return product ? [{ business: shopBusiness(row), product }] : [];
      });
      return { data, meta: { page: query.page, size: query.size, total: counted?.n ?? 0 } };
    },

    /** Public: businesses with this name (any letter case; names are not unique) and what they offer. */
    async byName(name: string): Promise<BusinessOffer[]> {
      const rows = await db
        .select()
        .from(businesses)
        .where(sql`lower(${businesses.name}) = lower(${name.trim()})`)
        .orderBy(asc(businesses.createdAt))
        .limit(MAX_NAME_MATCHES);
      if (rows.length === 0) throw new AppError('NOT_FOUND', 'No business has this name');
      return offersOf(rows);
    },

    /** Public: the business with this code and what it offers. */
    async byCode(code: string): Promise<BusinessOffer> {
      const row = await findBusinessByCode(db, code);
      if (!row) throw new AppError('NOT_FOUND', 'No business has this code');
      return (await offersOf([row]))[0]!;
    },
  };
}
export type ShopPages = ReturnType<typeof createShopPages>;
