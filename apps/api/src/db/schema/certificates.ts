import { sql } from 'drizzle-orm';
import { date, index, integer, pgTable, smallint, text, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { uuidv7 } from '../../lib/uuid.ts';
import { orderItems, orders } from './orders.ts';
import { users } from './users.ts';
import { giftColumns } from './gift-columns.ts';

/**
 * Retirement certificates: one per paid order line of an offset product. What the certificate
 * states (project, standard, country, validity, tonnes, beneficiary) is copied here when it is
 * issued and never follows later catalog edits: a certificate is a record of what was retired,
 * not a view of today's product (decision 0015).
 */
export const certificates = pgTable(
  'certificates',
  {
    id: uuid('id').primaryKey().$defaultFn(() => uuidv7()),
    /** GMC-<year>-XXXX-XXXX-XXXX (CERTIFICATE_SERIAL_PATTERN); what a verifier types. */
    serial: varchar('serial', { length: 24 }).notNull().unique(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    /**
     * One VALID certificate per line (a partial unique index), so issuing twice for an order adds
     * nothing; a refund of part of a line voids it and issues one for what is left (decision 0042).
     */
    orderItemId: uuid('order_item_id')
      .notNull()
      .references(() => orderItems.id, { onDelete: 'restrict' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** No foreign key to products (decision 0058): a frozen copy, like the order line it certifies. */
    productId: uuid('product_id').notNull(),
    projectName: varchar('project_name', { length: 200 }).notNull(),
    productSlug: varchar('product_slug', { length: 160 }).notNull(),
    /** The product's standards' names, joined with ", "; null when it names none. */
    standardName: varchar('standard_name', { length: 400 }),
    /** The country's name (the code when the name is unknown); null for a product without one. */
    country: varchar('country', { length: 120 }),
    projectValidUntil: date('project_valid_until'),
    /** The project's vintage when the certificate was issued (frozen like the project's name); null when none was stated. */
    vintage: smallint('vintage'),
    /** Tonnes of CO2e in thousandths, so a fractional tonne never meets floating point. */
    tonnesMilli: integer('tonnes_milli').notNull(),
    beneficiaryType: varchar('beneficiary_type', { length: 16 }).notNull().$type<'person' | 'business' | 'event'>(),
    beneficiaryName: varchar('beneficiary_name', { length: 200 }).notNull(),
    /** valid | void (a refund voids; the serial keeps verifying, as void). */
    status: varchar('status', { length: 8 }).notNull().default('valid').$type<'valid' | 'void'>(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    /** A gift (decision 0051): the recipient is the beneficiary; these are copied from the order line. */
    ...giftColumns(),
    /** SHA-256 of the claim token in the recipient's email (the token itself is never stored). */
    giftTokenHash: varchar('gift_token_hash', { length: 64 }),
    /** The recipient's email in the outbox (held until giftDeliverOn), so a void can withdraw it. */
    giftMailId: uuid('gift_mail_id'),
    /** The account that claimed the gift (its verified email is giftEmail); once. */
    giftClaimedBy: uuid('gift_claimed_by').references(() => users.id, { onDelete: 'set null' }),
    giftClaimedAt: timestamp('gift_claimed_at', { withTimezone: true }),
    /** Set with status void: when and why (a refund), and the certificate that states what was left of the line, if any. */
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    voidReason: text('void_reason'),
    replacedBySerial: varchar('replaced_by_serial', { length: 24 }),
  },
  (t) => [
    index('certificates_user_issued_idx').on(t.userId, t.issuedAt),
    index('certificates_order_idx').on(t.orderId),
    // Only gifts carry a token: a NULL entry per certificate was a write for nothing (migration 0049).
    uniqueIndex('certificates_gift_token_unique').on(t.giftTokenHash).where(sql`${t.giftTokenHash} is not null`),
    index('certificates_gift_claimed_by_idx').on(t.giftClaimedBy).where(sql`${t.giftClaimedBy} is not null`),
    uniqueIndex('certificates_valid_line_unique').on(t.orderItemId).where(sql`${t.status} = 'valid'`),
  ],
);
