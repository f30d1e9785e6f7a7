import { and, eq, inArray, isNotNull, ne, or, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { FORMER_CUSTOMER_NAME } from '@app/contract';
import type { Database } from '../../db/client.ts';
import {
  actionTokens,
  adminSessions,
  businessCarbonSaves,
  businessEventAttendees,
  businessEventFootprintClaims,
  businessEventFootprints,
  businesses,
  businessMemberFootprints,
  businessMembers,
  carbonFootprints,
  carts,
  certificates,
  loginThrottles,
  mailingListSubscribers,
  newsletterIssues,
  oneTimeCodes,
  operatorMfa,
  operatorRecoveryCodes,
  operators,
  orderEvents,
  orders,
  outboxEmails,
  productReviews,
  revokedSessions,
  stockLedger,
  sustainabilityProfiles,
  uploads,
  userChains,
  userGalleryImages,
  users,
  wishlistItems,
} from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Tx } from '../cart/cart.repository.ts';
import { changeStatus } from '../orders/order-state.ts';
import { ordersRepository } from '../orders/orders.repository.ts';
import { stockRepository, stockTargets } from '../orders/stock.repository.ts';
import type { UserRow } from '../users/users.repository.ts';

/** The address a deleted account's row keeps: unique, never deliverable (`.invalid` is reserved), not the person's. */
export const deletedEmailOf = (userId: string) => `deleted-${userId}@deleted.invalid`;

/** What happened, for the answer and for the work after the commit. */
export interface Erasure {
  cancelledOrders: number;
  keptOrders: number;
  keptReviews: number;
  deletedReviews: number;
  /** Products whose stock (released holds) or reviews changed: the catalog reloads them. */
  stockProducts: string[];
  reviewProducts: string[];
  /** Checkouts of cancelled orders to close at the provider. */
  paymentReferences: string[];
  /** Upload addresses to release (files go unless something else still shows them). */
  uploadUrls: string[];
}

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Erases one account (issue 25, decision 0045) in the caller's transaction, after the caller
 * locked the user row. Refuses (409) while the person owns a business or is the shop's last
 * owner. Paid orders, certificates and (if kept) reviews stay for the books and for others,
 * without a trace of who the person was; everything else about them goes.
 */
export async function eraseAccount(tx: Tx, user: UserRow, options: { reviews: 'keep' | 'delete'; now: Date }): Promise<Erasure> {
  const me = user.id;
  const { now } = options;
  const addresses = [user.email, ...(user.recoveryEmail && user.recoveryEmail !== user.email ? [user.recoveryEmail] : [])];
  const placeholder = deletedEmailOf(me);
  const fullName = `${user.firstName} ${user.lastName}`.trim();

  const owned = await tx.select({ name: businesses.name }).from(businesses).where(eq(businesses.ownerUserId, me));
  if (owned.length > 0) {
    const names = owned.map((b) => b.name);
    throw new AppError('ACCOUNT_DELETION_BLOCKED', `You own ${names.join(', ')}. Hand the business over to someone else or close it before deleting your account.`, { extra: { businesses: names } });
  }
  const [operator] = await tx.select().from(operators).where(or(eq(operators.userId, me), inArray(operators.email, addresses)));
  if (operator?.role === 'owner') {
    // Every owner row locked, so two owners deleting at once cannot both pass as "not the last".
    const owners = await tx.select({ id: operators.id, userId: operators.userId }).from(operators).where(eq(operators.role, 'owner')).for('update');
    if (!owners.some((o) => o.id !== operator.id && o.userId !== null)) {
      throw new AppError('ACCOUNT_DELETION_BLOCKED', 'You are the shop’s last owner. Make another operator an owner before deleting your account.');
    }
  }

  // Unpaid orders: cancelled, their stock and coupon holds released at this commit.
  const pending = await tx.select({ id: orders.id }).from(orders).where(and(eq(orders.userId, me), eq(orders.status, 'pending'))).for('update');
  const stockProducts = new Set<string>();
  const paymentReferences: string[] = [];
  let cancelledOrders = 0;
  for (const { id } of pending) {
    const row = await changeStatus(tx, {
      orderId: id,
      from: 'pending',
      to: 'cancelled',
      set: { cancelledAt: now, cancelReason: 'account_deleted', reservedUntil: null, checkoutUrl: null },
      event: { actor: 'buyer', actorUserId: me, note: 'Cancelled: the buyer deleted their account' },
    });
    if (!row) continue;
    cancelledOrders += 1;
    if (row.paymentReference) paymentReferences.push(row.paymentReference);
    const items = await ordersRepository.itemsOf(tx, [id]);
    for (const target of stockTargets(items)) await stockRepository.release(tx, target);
    for (const item of items) stockProducts.add(item.productId);
  }

  // Every order stays (the books, the stock ledger and certificates name it) without the buyer.
  const kept = await tx
    .update(orders)
    .set({ firstName: '', lastName: '', buyerEmail: '', address: null, clientKey: null, checkoutUrl: null, idempotencyKey: null, requestHash: null })
    .where(eq(orders.userId, me))
    .returning({ id: orders.id });

  // Certificates stay valid; a person's name stays on them only if they made their name public.
  const [profile] = await tx.select({ showName: sustainabilityProfiles.showName }).from(sustainabilityProfiles).where(eq(sustainabilityProfiles.userId, me));
  if (!profile?.showName && fullName) {
    await tx
      .update(certificates)
      .set({ beneficiaryName: sql`case when ${certificates.beneficiaryType} = 'person' then ${FORMER_CUSTOMER_NAME} else replace(${certificates.beneficiaryName}, ${fullName}, ${FORMER_CUSTOMER_NAME}) end` })
      .where(eq(certificates.userId, me));
  }

  const reviewRows = await tx.select({ id: productReviews.id, productId: productReviews.productId }).from(productReviews).where(eq(productReviews.userId, me));
  if (options.reviews === 'delete' && reviewRows.length) await tx.delete(productReviews).where(eq(productReviews.userId, me));

  const galleryUrls = (await tx.delete(userGalleryImages).where(eq(userGalleryImages.userId, me)).returning({ url: userGalleryImages.url })).map((g) => g.url);
  const files = await tx.update(uploads).set({ ownerUserId: null }).where(eq(uploads.ownerUserId, me)).returning({ name: uploads.name });
  const [profileImage] = await tx.delete(sustainabilityProfiles).where(eq(sustainabilityProfiles.userId, me)).returning({ imageUrl: sustainabilityProfiles.imageUrl });

  await tx.delete(carts).where(eq(carts.userId, me));
  await tx.delete(wishlistItems).where(eq(wishlistItems.userId, me));
  await tx.delete(carbonFootprints).where(eq(carbonFootprints.userId, me));
  // Leaving the business, as a member who exits does: the business's roll-up counts active members only.
  await tx.delete(businessCarbonSaves).where(eq(businessCarbonSaves.userId, me));
  await tx.delete(businessMemberFootprints).where(eq(businessMemberFootprints.userId, me));
  await tx
    .update(businessMembers)
    .set({ status: sql`case when ${businessMembers.status} = 'active' then 'exited' else ${businessMembers.status} end`, leftAt: sql`coalesce(${businessMembers.leftAt}, ${now.toISOString()}::timestamptz)`, title: '', department: '', carbonTotalKg: null, carbonSavedAt: null })
    .where(eq(businessMembers.userId, me));
  await tx.delete(businessEventAttendees).where(eq(businessEventAttendees.userId, me));
  // An event's footprint totals stay true; the row no longer says whose it was.
  await tx
    .update(businessEventFootprints)
    .set({ email: sql`'deleted-' || ${businessEventFootprints.id}::text || '@deleted.invalid'`, name: '', userId: null })
    .where(or(eq(businessEventFootprints.userId, me), inArray(businessEventFootprints.email, addresses)));
  await tx.delete(businessEventFootprintClaims).where(inArray(businessEventFootprintClaims.email, addresses));
  await tx.delete(userChains).where(or(eq(userChains.parentUserId, me), eq(userChains.childUserId, me), eq(userChains.requestedByUserId, me), inArray(userChains.inviteeEmail, addresses)));
  // People this person referred earn nobody anything from now on; past earnings stay in the books.
  await tx.update(users).set({ referredByUserId: null }).where(eq(users.referredByUserId, me));
  await tx.delete(mailingListSubscribers).where(or(eq(mailingListSubscribers.userId, me), inArray(mailingListSubscribers.email, addresses)));

  // Sign-in ends everywhere: codes, links, logged-out list, console sessions and second factor.
  await tx.delete(oneTimeCodes).where(eq(oneTimeCodes.userId, me));
  await tx.delete(actionTokens).where(or(eq(actionTokens.userId, me), inArray(actionTokens.targetEmail, addresses)));
  await tx.delete(revokedSessions).where(eq(revokedSessions.userId, me));
  await tx.delete(adminSessions).where(eq(adminSessions.userId, me));
  await tx.delete(operatorMfa).where(eq(operatorMfa.userId, me));
  await tx.delete(operatorRecoveryCodes).where(eq(operatorRecoveryCodes.userId, me));
  if (operator) await tx.delete(operators).where(eq(operators.id, operator.id));
  await tx.delete(loginThrottles).where(inArray(loginThrottles.email, addresses));

  // Mail: what was addressed to them goes; others' mail that names them no longer does.
  await tx.delete(outboxEmails).where(inArray(outboxEmails.toAddress, addresses));
  const patterns = [...addresses, ...(fullName ? [fullName] : [])].map(escapeRegex).join('|');
  const scrub = (column: AnyPgColumn) => sql`regexp_replace(${column}, ${patterns}, ${FORMER_CUSTOMER_NAME}, 'gi')`;
  const mentions = (column: AnyPgColumn) => sql`${column} ~* ${patterns}`;
  await tx
    .update(outboxEmails)
    .set({ subject: scrub(outboxEmails.subject), html: scrub(outboxEmails.html), text: scrub(outboxEmails.text), render: sql`regexp_replace(${outboxEmails.render}::text, ${patterns}, ${FORMER_CUSTOMER_NAME}, 'gi')::jsonb` })
    .where(or(mentions(outboxEmails.subject), mentions(outboxEmails.html), mentions(outboxEmails.text), sql`${outboxEmails.render}::text ~* ${patterns}`));
  if (kept.length) await tx.update(orderEvents).set({ note: scrub(orderEvents.note) }).where(and(inArray(orderEvents.orderId, kept.map((o) => o.id)), isNotNull(orderEvents.note), mentions(orderEvents.note)));

  // Records of what they did as an operator keep the placeholder (the audit log itself cannot change: decision 0030).
  await tx.update(stockLedger).set({ actorEmail: placeholder }).where(inArray(stockLedger.actorEmail, addresses));
  await tx.update(newsletterIssues).set({ createdByEmail: placeholder }).where(inArray(newsletterIssues.createdByEmail, addresses));
  await tx.update(newsletterIssues).set({ sentByEmail: placeholder }).where(inArray(newsletterIssues.sentByEmail, addresses));
  await tx.update(productReviews).set({ hiddenByEmail: placeholder }).where(inArray(productReviews.hiddenByEmail, addresses));
  await tx.update(operators).set({ invitedByEmail: placeholder }).where(inArray(operators.invitedByEmail, addresses));
  await tx.update(users).set({ signInLockedBy: placeholder }).where(and(ne(users.id, me), inArray(users.signInLockedBy, addresses)));

  // The row itself: the anonymous holder of what stays. Its token version moves, so every token dies.
  await tx
    .update(users)
    .set({
      email: placeholder,
      passwordHash: 'deleted',
      firstName: '',
      lastName: '',
      slug: `deleted-${me}`,
      emailVerifiedAt: null,
      recoveryEmail: null,
      phone: null,
      tokenVersion: sql`${users.tokenVersion} + 1`,
      competingSignUps: false,
      failedLoginCount: 0,
      lockedUntil: null,
      billingAddress: null,
      addressCountry: null,
      selectedCountry: null,
      temporaryCheckoutCurrency: null,
      referredByUserId: null,
      isAdmin: false,
      signInLockedAt: now,
      signInLockedReason: 'The account was deleted by its owner',
      signInLockedBy: null,
      deletedAt: now,
      updatedAt: now,
    })
    .where(eq(users.id, me));

  return {
    cancelledOrders,
    keptOrders: kept.length,
    keptReviews: options.reviews === 'keep' ? reviewRows.length : 0,
    deletedReviews: options.reviews === 'delete' ? reviewRows.length : 0,
    stockProducts: [...stockProducts],
    reviewProducts: [...new Set(reviewRows.map((r) => r.productId))],
    paymentReferences,
    uploadUrls: [...galleryUrls, ...files.map((f) => `/uploads/${f.name}`), ...(profileImage?.imageUrl ? [profileImage.imageUrl] : [])],
  };
}
