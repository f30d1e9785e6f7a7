import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { SUPPORTED_CURRENCIES } from '@app/contract';
import type { ColorInput, PricesInput } from '@app/contract/admin';
import { AppError } from '../../../lib/app-error.ts';
import { categories, countries, productCategories, productColors, productPrices, productSdgs, productSizes, productStandards, sdgs, standards } from '../../../db/schema/index.ts';
import type { Tx } from '../../cart/cart.repository.ts';
import { stockLedger } from '../../catalog/stock-ledger.ts';
import type { Actor } from '../audit/audit.ts';

type Prices = { [K in keyof PricesInput]: { priceMinor: number; oldPriceMinor: number | null } };
type Colors = (Omit<ColorInput, 'hex' | 'image'> & { hex: string | null; image: string | null })[];

const invalid = (field: string, message: string) => new AppError('VALIDATION_FAILED', message, { fields: { [field]: [message] } });

/** The SQL of a product's relations, each replaced whole inside the caller's transaction. */
export const productWrites = {
  /** Checks that every id names a row; answers the field's refusal otherwise. */
  async checkReferences(tx: Tx, body: { categoryIds?: string[]; standardIds?: string[]; countryCode?: string | null }) {
    if (body.categoryIds?.length) {
      const found = await tx.select({ id: categories.id }).from(categories).where(inArray(categories.id, body.categoryIds));
      if (found.length !== new Set(body.categoryIds).size) throw invalid('categoryIds', 'A chosen category does not exist (it may have been merged or deleted)');
    }
    if (body.standardIds?.length) {
      const found = await tx.select({ id: standards.id }).from(standards).where(inArray(standards.id, body.standardIds));
      if (found.length !== new Set(body.standardIds).size) throw invalid('standardIds', 'A chosen standard does not exist');
    }
    if (body.countryCode) {
      const [found] = await tx.select({ code: countries.code }).from(countries).where(eq(countries.code, body.countryCode)).limit(1);
      if (!found) throw invalid('countryCode', `There is no country with the code ${body.countryCode}`);
    }
  },

  async setPrices(tx: Tx, productId: string, prices: Prices) {
    const rows = SUPPORTED_CURRENCIES.map((currency) => ({ productId, currency, priceMinor: prices[currency].priceMinor, oldPriceMinor: prices[currency].oldPriceMinor }));
    await tx
      .insert(productPrices)
      .values(rows)
      .onConflictDoUpdate({ target: [productPrices.productId, productPrices.currency], set: { priceMinor: sql`excluded.price_minor`, oldPriceMinor: sql`excluded.old_price_minor` } });
  },

  async setCategories(tx: Tx, productId: string, ids: string[]) {
    await tx.delete(productCategories).where(eq(productCategories.productId, productId));
    if (ids.length) await tx.insert(productCategories).values([...new Set(ids)].map((categoryId) => ({ productId, categoryId })));
  },

  async setStandards(tx: Tx, productId: string, ids: string[]) {
    await tx.delete(productStandards).where(eq(productStandards.productId, productId));
    if (ids.length) await tx.insert(productStandards).values([...new Set(ids)].map((standardId) => ({ productId, standardId })));
  },

  async setSdgs(tx: Tx, productId: string, numbers: number[]) {
    await tx.delete(productSdgs).where(eq(productSdgs.productId, productId));
    if (numbers.length === 0) return;
    const rows = await tx.select({ id: sdgs.id }).from(sdgs).where(inArray(sdgs.number, [...new Set(numbers)]));
    if (rows.length) await tx.insert(productSdgs).values(rows.map((row) => ({ productId, sdgId: row.id })));
  },

  /**
   * Makes the product's colours and sizes what `colors` says: listed ids are kept (with their
   * stock and reservations) and renamed or reordered; new ones are added with their first stock
   * (a ledger row "initial"); unlisted ones are removed, unless pending orders hold units of them.
   * A colour's photo must be one of the product's images.
   */
  async setColors(tx: Tx, productId: string, colors: Colors, imageUrls: string[], actor: Actor, productReserved: number) {
    const existingColors = await tx.select().from(productColors).where(eq(productColors.productId, productId));
    const existingSizes = existingColors.length ? await tx.select().from(productSizes).where(inArray(productSizes.colorId, existingColors.map((c) => c.id))) : [];
    const colorIds = new Set(existingColors.map((c) => c.id));
    const sizeById = new Map(existingSizes.map((s) => [s.id, s]));
    if (existingColors.length === 0 && colors.length > 0 && productReserved > 0) {
      throw new AppError('STOCK_CONFLICT', 'Pending orders hold units of this product: add colours and sizes once they are paid or expired', { fields: { colors: ['pending orders hold units of this product'] } });
    }
    colors.forEach((color, i) => {
      if (color._id && !colorIds.has(color._id)) throw invalid(`colors.${i}._id`, 'This colour is not one of this product’s');
      if (color.image && !imageUrls.includes(color.image)) throw invalid(`colors.${i}.image`, 'A colour’s photo must be one of the product’s images: upload it first');
      color.sizes.forEach((size, j) => {
        const known = size._id ? sizeById.get(size._id) : undefined;
        if (size._id && (!known || known.colorId !== color._id)) throw invalid(`colors.${i}.sizes.${j}._id`, 'This size is not one of this colour’s');
      });
    });
    const keptSizeIds = new Set(colors.flatMap((color) => color.sizes.flatMap((size) => (size._id ? [size._id] : []))));
    const keptColorIds = new Set(colors.flatMap((color) => (color._id ? [color._id] : [])));
    const held = existingSizes.filter((size) => !keptSizeIds.has(size.id) && size.reserved > 0);
    if (held.length) throw new AppError('STOCK_CONFLICT', `Pending orders hold units of size ${held[0]!.name}: it can be removed once they are paid or expired`, { fields: { colors: ['a removed size has units held by pending orders'] } });

    const removedSizes = existingSizes.filter((size) => !keptSizeIds.has(size.id)).map((size) => size.id);
    if (removedSizes.length) await tx.delete(productSizes).where(inArray(productSizes.id, removedSizes));
    const removedColors = existingColors.filter((color) => !keptColorIds.has(color.id)).map((color) => color.id);
    if (removedColors.length) await tx.delete(productColors).where(and(eq(productColors.productId, productId), inArray(productColors.id, removedColors)));

    for (const [position, color] of colors.entries()) {
      let colorId = color._id;
      if (colorId) await tx.update(productColors).set({ name: color.name, hex: color.hex, image: color.image, position }).where(eq(productColors.id, colorId));
      else [{ id: colorId }] = await tx.insert(productColors).values({ productId, name: color.name, hex: color.hex, image: color.image, position }).returning({ id: productColors.id });
      for (const [sizePosition, size] of color.sizes.entries()) {
        if (size._id) {
          await tx.update(productSizes).set({ name: size.name, position: sizePosition }).where(eq(productSizes.id, size._id));
          continue;
        }
        const [made] = await tx.insert(productSizes).values({ colorId: colorId!, name: size.name, stock: 0, position: sizePosition }).returning({ id: productSizes.id });
        if (size.stock) await stockLedger.set(tx, { table: 'size', id: made!.id }, size.stock, { reason: 'initial', actorUserId: actor.userId, actorEmail: actor.email });
      }
    }
    return { removedColors: removedColors.length, removedSizes: removedSizes.length };
  },

  /** Colour photos that point at an image no longer on the product fall back to the product's own images. */
  async clearColorImages(tx: Tx, productId: string, imageUrls: string[]) {
    await tx
      .update(productColors)
      .set({ image: null })
      .where(and(eq(productColors.productId, productId), sql`${productColors.image} is not null`, imageUrls.length ? notInArray(productColors.image, imageUrls) : sql`true`));
  },
};
