import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { businessEvents, businesses, certificates, countries, orderItems, orders, products, users } from '../../db/schema/index.ts';
import type { Tx } from '../cart/cart.repository.ts';
import type { OrderColumns } from './certificate.rules.ts';

export type CertificateRow = typeof certificates.$inferSelect;
export type NewCertificate = typeof certificates.$inferInsert;
type Queryable = Database | Tx;

/** A paid line of an offset product, with what its certificate will state. */
export interface OffsetLine {
  orderItemId: string;
  productId: string;
  quantity: number;
  projectName: string;
  productSlug: string;
  standardName: string | null;
  country: string | null;
  projectValidUntil: string | null;
  vintage: number | null;
  /** A certificate exists for this line already. */
  issued: boolean;
  /** The gift set on the order line (decision 0051), copied to the certificate. */
  giftName: string | null;
  giftEmail: string | null;
  giftMessage: string | null;
  giftDeliverOn: string | null;
}

/** What issuing wrote for a line (the confirmation mail lists it). */
export interface IssuedCertificate {
  orderItemId: string;
  serial: string;
  projectName: string;
  tonnesMilli: number;
}

/** A certificate with the order it came from, for the owner's list. */
export interface OwnedCertificate extends CertificateRow {
  /** The order's own number once orders carry one (order_number), else null. */
  orderNumber: string | null;
  orderCreatedAt: Date;
}

/** SQL for certificates. Issuing runs inside the caller's transaction (`tx`). */
export const certificatesRepository = {
  /** The order's columns and the buyer's name, or undefined for an unknown order. */
  async orderForIssue(tx: Tx, orderId: string): Promise<{ order: OrderColumns; buyerName: string } | undefined> {
    const [row] = await tx
      // The business's and the event's names ride along as business_name and event_name, for the beneficiary.
      .select({
        order: sql<OrderColumns>`to_jsonb(${orders}) || jsonb_build_object('business_name', ${businesses.name}, 'event_name', ${businessEvents.name})`,
        firstName: users.firstName,
        lastName: users.lastName,
      })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .leftJoin(businesses, eq(businesses.id, orders.businessId))
      .leftJoin(businessEvents, eq(businessEvents.conferanceCode, sql`upper(${orders.conferanceCode})`))
      .where(eq(orders.id, orderId));
    return row && { order: row.order, buyerName: `${row.firstName} ${row.lastName}`.trim() };
  },

  /** The order's lines of offset products, in line order, with their snapshot fields and whether they are issued. */
  async offsetLines(tx: Tx, orderId: string): Promise<OffsetLine[]> {
    return tx
      .select({
        orderItemId: orderItems.id,
        productId: orderItems.productId,
        quantity: orderItems.quantity,
        projectName: products.name,
        productSlug: products.slug,
        standardName: sql<string | null>`(select string_agg(s.name, ', ' order by s.name) from product_standards ps join standards s on s.id = ps.standard_id where ps.product_id = ${products.id})`,
        country: sql<string | null>`coalesce(${countries.entity}, ${products.countryCode})`,
        projectValidUntil: products.projectValidityDate,
        vintage: products.vintage,
        // Any certificate, valid or void: a line voided by a refund is never issued again.
        // By the order's certificates (certificates_order_idx), then the line: no index is kept by line alone.
        issued: sql<boolean>`exists (select 1 from certificates c where c.order_id = ${orderItems.orderId} and c.order_item_id = ${orderItems.id})`,
        giftName: orderItems.giftName,
        giftEmail: orderItems.giftEmail,
        giftMessage: orderItems.giftMessage,
        giftDeliverOn: orderItems.giftDeliverOn,
      })
      .from(orderItems)
      .innerJoin(products, eq(products.id, orderItems.productId))
      .leftJoin(countries, eq(countries.code, products.countryCode))
      .where(and(eq(orderItems.orderId, orderId), eq(products.kind, 'offset')))
      .orderBy(asc(orderItems.id));
  },

  /**
   * Inserts what does not collide with an existing certificate (same line, or, rarely, same
   * serial) and answers the lines that were written.
   */
  async insertNew(tx: Tx, rows: NewCertificate[]): Promise<IssuedCertificate[]> {
    if (rows.length === 0) return [];
    return tx.insert(certificates).values(rows).onConflictDoNothing().returning({ orderItemId: certificates.orderItemId, serial: certificates.serial, projectName: certificates.projectName, tonnesMilli: certificates.tonnesMilli });
  },

  /** Which of these lines of the order have a certificate now. */
  async issuedLines(tx: Tx, orderId: string, orderItemIds: string[]): Promise<string[]> {
    if (orderItemIds.length === 0) return [];
    const rows = await tx
      .select({ orderItemId: certificates.orderItemId })
      .from(certificates)
      .where(and(eq(certificates.orderId, orderId), inArray(certificates.orderItemId, orderItemIds)));
    return rows.map((row) => row.orderItemId);
  },

  /** The user's certificates, newest first. */
  async listByUser(db: Queryable, userId: string): Promise<OwnedCertificate[]> {
    const rows = await db
      .select({ certificate: certificates, orderNumber: sql<string | null>`to_jsonb(${orders}) ->> 'order_number'`, orderCreatedAt: orders.createdAt })
      .from(certificates)
      .innerJoin(orders, eq(orders.id, certificates.orderId))
      .where(eq(certificates.userId, userId))
      .orderBy(desc(certificates.issuedAt), desc(certificates.id));
    return rows.map((row) => ({ ...row.certificate, orderNumber: row.orderNumber, orderCreatedAt: row.orderCreatedAt }));
  },

  async findBySerial(db: Queryable, serial: string): Promise<CertificateRow | undefined> {
    const [row] = await db.select().from(certificates).where(eq(certificates.serial, serial)).limit(1);
    return row;
  },
};
