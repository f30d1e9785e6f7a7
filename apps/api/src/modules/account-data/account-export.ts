import { and, asc, count, eq, inArray, or } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  adminSessions,
  businessEventAttendees,
  businessEventFootprintClaims,
  businessEventFootprints,
  businessEvents,
  businesses,
  businessMemberFootprints,
  businessMembers,
  carbonFootprints,
  cartItems,
  carts,
  certificates,
  couponRedemptions,
  coupons,
  loginThrottles,
  mailingListSubscribers,
  operators,
  orderEvents,
  orderItems,
  orderRefunds,
  orders,
  outboxEmails,
  productReviews,
  products,
  referralEarnings,
  revokedSessions,
  sustainabilityProfiles,
  uploads,
  userChains,
  userGalleryImages,
  users,
  wishlistItems,
} from '../../db/schema/index.ts';
import type { UserRow } from '../users/users.repository.ts';

const iso = (date: Date | null | undefined) => (date ? date.toISOString() : null);

/**
 * Everything the shop holds about one person (issue 25, decision 0045), as one JSON document.
 * Every query is keyed by the person's own id or address, and no section names another
 * person: chains say only the relationship and who asked, earnings only the amount, business
 * memberships the business (theirs to see) and never its other members.
 */
export async function collectAccountExport(db: Database, user: UserRow, now: Date) {
  const me = user.id;
  const addresses = [user.email, ...(user.recoveryEmail ? [user.recoveryEmail] : [])];

  const ownOrders = await db.select().from(orders).where(eq(orders.userId, me)).orderBy(asc(orders.createdAt));
  const orderIds = ownOrders.map((o) => o.id);
  const [lines, timeline, refunds] = orderIds.length
    ? await Promise.all([
        db.select().from(orderItems).where(inArray(orderItems.orderId, orderIds)),
        db.select().from(orderEvents).where(and(inArray(orderEvents.orderId, orderIds), eq(orderEvents.internal, false))).orderBy(asc(orderEvents.at)),
        db.select().from(orderRefunds).where(inArray(orderRefunds.orderId, orderIds)).orderBy(asc(orderRefunds.createdAt)),
      ])
    : [[], [], []];
  const byOrder = <T extends { orderId: string }>(rows: T[], id: string) => rows.filter((row) => row.orderId === id);

  const [profile] = await db.select().from(sustainabilityProfiles).where(eq(sustainabilityProfiles.userId, me));
  const certs = await db.select().from(certificates).where(eq(certificates.userId, me)).orderBy(asc(certificates.issuedAt));
  const footprints = await db.select().from(carbonFootprints).where(eq(carbonFootprints.userId, me)).orderBy(asc(carbonFootprints.createdAt));
  const memberFootprints = await db
    .select({ row: businessMemberFootprints, business: businesses.name })
    .from(businessMemberFootprints)
    .innerJoin(businesses, eq(businesses.id, businessMemberFootprints.businessId))
    .where(eq(businessMemberFootprints.userId, me));
  const eventFootprints = await db
    .select({ row: businessEventFootprints, event: businessEvents.name, code: businessEvents.conferanceCode })
    .from(businessEventFootprints)
    .innerJoin(businessEvents, eq(businessEvents.id, businessEventFootprints.eventId))
    .where(or(eq(businessEventFootprints.userId, me), inArray(businessEventFootprints.email, addresses)));
  const eventClaims = await db
    .select({ row: businessEventFootprintClaims, event: businessEvents.name })
    .from(businessEventFootprintClaims)
    .innerJoin(businessEvents, eq(businessEvents.id, businessEventFootprintClaims.eventId))
    .where(inArray(businessEventFootprintClaims.email, addresses));
  const reviews = await db
    .select({ row: productReviews, product: products.name, slug: products.slug })
    .from(productReviews)
    .innerJoin(products, eq(products.id, productReviews.productId))
    .where(eq(productReviews.userId, me))
    .orderBy(asc(productReviews.createdAt));
  const wishlist = await db
    .select({ slug: products.slug, name: products.name, addedAt: wishlistItems.addedAt })
    .from(wishlistItems)
    .innerJoin(products, eq(products.id, wishlistItems.productId))
    .where(eq(wishlistItems.userId, me))
    .orderBy(asc(wishlistItems.position));
  const cartLines = await db
    .select({ slug: products.slug, name: products.name, quantity: cartItems.quantity, currency: carts.currency, addedAt: cartItems.createdAt })
    .from(cartItems)
    .innerJoin(carts, eq(carts.id, cartItems.cartId))
    .innerJoin(products, eq(products.id, cartItems.productId))
    .where(eq(carts.userId, me));
  const subscriptions = await db
    .select()
    .from(mailingListSubscribers)
    .where(or(eq(mailingListSubscribers.userId, me), inArray(mailingListSubscribers.email, addresses)));
  const owned = await db.select().from(businesses).where(eq(businesses.ownerUserId, me));
  const ownedEvents = owned.length ? await db.select().from(businessEvents).where(inArray(businessEvents.businessId, owned.map((b) => b.id))) : [];
  const memberships = await db
    .select({ row: businessMembers, business: businesses.name, businessCode: businesses.businessCode })
    .from(businessMembers)
    .innerJoin(businesses, eq(businesses.id, businessMembers.businessId))
    .where(eq(businessMembers.userId, me))
    .orderBy(asc(businessMembers.joinedAt));
  const attended = await db
    .select({ row: businessEventAttendees, event: businessEvents, business: businesses.name })
    .from(businessEventAttendees)
    .innerJoin(businessEvents, eq(businessEvents.id, businessEventAttendees.eventId))
    .innerJoin(businesses, eq(businesses.id, businessEvents.businessId))
    .where(eq(businessEventAttendees.userId, me));
  const chains = await db
    .select()
    .from(userChains)
    .where(or(eq(userChains.parentUserId, me), eq(userChains.childUserId, me)))
    .orderBy(asc(userChains.createdAt));
  const [referred] = await db.select({ n: count() }).from(users).where(eq(users.referredByUserId, me));
  const earnings = await db.select().from(referralEarnings).where(eq(referralEarnings.userId, me)).orderBy(asc(referralEarnings.createdAt));
  const redemptions = await db
    .select({ code: coupons.code, orderId: couponRedemptions.orderId, at: couponRedemptions.createdAt })
    .from(couponRedemptions)
    .innerJoin(coupons, eq(coupons.id, couponRedemptions.couponId))
    .where(eq(couponRedemptions.userId, me));
  const files = await db.select().from(uploads).where(eq(uploads.ownerUserId, me)).orderBy(asc(uploads.createdAt));
  const gallery = await db.select().from(userGalleryImages).where(eq(userGalleryImages.userId, me)).orderBy(asc(userGalleryImages.createdAt));
  const [operator] = await db.select().from(operators).where(eq(operators.userId, me));
  const consoleSessions = await db.select().from(adminSessions).where(eq(adminSessions.userId, me)).orderBy(asc(adminSessions.createdAt));
  const endedSessions = await db.select().from(revokedSessions).where(eq(revokedSessions.userId, me));
  const throttles = await db.select().from(loginThrottles).where(inArray(loginThrottles.email, addresses));
  const mails = await db
    .select({ to: outboxEmails.toAddress, template: outboxEmails.template, status: outboxEmails.status, createdAt: outboxEmails.createdAt, sentAt: outboxEmails.sentAt })
    .from(outboxEmails)
    .where(inArray(outboxEmails.toAddress, addresses))
    .orderBy(asc(outboxEmails.createdAt));
  const orderNumber = new Map(ownOrders.map((o) => [o.id, o.orderNumber]));

  return {
    format: 'carbonwise-account-export' as const,
    version: 1 as const,
    exportedAt: now.toISOString(),
    profile: {
      id: user.id,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      profileSlug: user.slug,
      phone: user.phone,
      recoveryEmail: user.recoveryEmail,
      emailVerifiedAt: iso(user.emailVerifiedAt),
      createdAt: iso(user.createdAt),
      updatedAt: iso(user.updatedAt),
      checkoutDefaultCurrency: user.checkoutDefaultCurrency,
      temporaryCheckoutCurrency: user.temporaryCheckoutCurrency,
      currencyStrength: user.currencyStrength,
      addressCountry: user.addressCountry,
      selectedCountry: user.selectedCountry,
      /** Whether someone referred you (who it was is theirs, not part of your data). */
      referredByAnotherCustomer: user.referredByUserId !== null,
    },
    addresses: { billingAddress: user.billingAddress ?? null, orderAddresses: ownOrders.filter((o) => o.address).map((o) => ({ orderNumber: o.orderNumber, address: o.address })) },
    sustainabilityProfile: profile ? (({ userId: _u, ...rest }) => ({ ...rest, updatedAt: iso(rest.updatedAt) }))(profile) : null,
    orders: ownOrders.map((o) => ({
      orderNumber: o.orderNumber,
      status: o.status,
      kind: o.kind,
      businessCode: o.businessCode,
      conferanceCode: o.conferanceCode,
      currency: o.currency,
      subTotalMinor: o.subTotalMinor,
      discountMinor: o.discountMinor,
      totalMinor: o.totalMinor,
      paidMinor: o.paidMinor,
      refundedMinor: o.refundedMinor,
      couponCode: o.couponCode,
      firstName: o.firstName,
      lastName: o.lastName,
      buyerEmail: o.buyerEmail,
      address: o.address,
      paymentProvider: o.paymentProvider,
      paymentReference: o.paymentReference,
      placedFromAddress: o.clientKey,
      createdAt: iso(o.createdAt),
      paidAt: iso(o.paidAt),
      cancelledAt: iso(o.cancelledAt),
      cancelReason: o.cancelReason,
      lines: byOrder(lines, o.id).map((l) => ({ product: l.productName, slug: l.productSlug, kind: l.productKind, unit: l.productUnit, color: l.colorName, size: l.sizeName, quantity: l.quantity, unitPriceMinor: l.unitPriceMinor })),
      timeline: byOrder(timeline, o.id).map((e) => ({ at: iso(e.at), kind: e.kind, by: e.actor, amountMinor: e.amountMinor, currency: e.currency, note: e.note })),
      refunds: byOrder(refunds, o.id).map((r) => ({ amountMinor: r.amountMinor, currency: r.currency, status: r.status, reason: r.reason, createdAt: iso(r.createdAt) })),
    })),
    certificates: certs.map((c) => ({
      serial: c.serial,
      orderNumber: orderNumber.get(c.orderId) ?? null,
      project: c.projectName,
      standard: c.standardName,
      country: c.country,
      tonnes: c.tonnesMilli / 1000,
      beneficiaryType: c.beneficiaryType,
      beneficiaryName: c.beneficiaryName,
      status: c.status,
      issuedAt: iso(c.issuedAt),
    })),
    footprints: {
      saved: footprints.map((f) => ({ kind: f.kind, inputs: f.inputs, result: f.result, totalKg: f.total, factorSetYear: f.factorSetYear, createdAt: iso(f.createdAt) })),
      savedIntoBusinesses: memberFootprints.map(({ row, business }) => ({ business, kind: row.kind, inputs: row.inputs, result: row.result, totalKg: row.totalKg, createdAt: iso(row.createdAt) })),
      events: eventFootprints.map(({ row, event, code }) => ({ event, conferanceCode: code, email: row.email, name: row.name, inputs: row.inputs, totalKg: row.totalKg, createdAt: iso(row.createdAt), updatedAt: iso(row.updatedAt) })),
      eventsAwaitingConfirmation: eventClaims.map(({ row, event }) => ({ event, email: row.email, name: row.name, inputs: row.inputs, totalKg: row.totalKg, expiresAt: iso(row.expiresAt) })),
    },
    reviews: reviews.map(({ row, product, slug }) => ({ product, slug, orderNumber: orderNumber.get(row.orderId) ?? null, rating: row.rating, comment: row.comment, hidden: row.hiddenAt !== null, createdAt: iso(row.createdAt), updatedAt: iso(row.updatedAt) })),
    wishlist: wishlist.map((w) => ({ product: w.name, slug: w.slug, addedAt: iso(w.addedAt) })),
    cart: cartLines.map((c) => ({ product: c.name, slug: c.slug, quantity: c.quantity, currency: c.currency, addedAt: iso(c.addedAt) })),
    subscriptions: {
      newsletter: subscriptions.map((s) => ({ email: s.email, status: s.status, subscribedAt: iso(s.createdAt), confirmedAt: iso(s.confirmedAt), unsubscribedAt: iso(s.unsubscribedAt) })),
    },
    businesses: {
      owned: owned.map((b) => ({
        name: b.name,
        businessCode: b.businessCode,
        slug: b.businessSlug,
        description: b.description,
        website: b.website,
        logoUrl: b.logoUrl,
        address: b.address,
        country: b.country,
        industry: b.industry,
        size: b.size,
        joinCodes: { employee: b.employeeJoinCode, supplier: b.supplierCode, distributor: b.distributorCode },
        createdAt: iso(b.createdAt),
        events: ownedEvents.filter((e) => e.businessId === b.id).map((e) => ({ name: e.name, conferanceCode: e.conferanceCode, startDate: e.startDate, endDate: e.endDate, location: e.location })),
      })),
      memberships: memberships.map(({ row, business, businessCode }) => ({
        business,
        businessCode,
        role: row.role,
        status: row.status,
        title: row.title,
        department: row.department,
        carbonTotalKg: row.carbonTotalKg,
        joinedAt: iso(row.joinedAt),
        leftAt: iso(row.leftAt),
      })),
      eventsJoined: attended.map(({ row, event, business }) => ({ event: event.name, conferanceCode: event.conferanceCode, business, startDate: event.startDate, endDate: event.endDate, joinedAt: iso(row.joinedAt) })),
    },
    chains: chains.map((c) => ({
      relationship: c.relationship,
      yourSide: c.parentUserId === me ? 'parent' : 'child',
      askedBy: c.requestedByUserId === me ? 'you' : 'the other person',
      status: c.acceptanceStatus,
      kind: c.kind,
      createdAt: iso(c.createdAt),
      respondedAt: iso(c.respondedAt),
    })),
    referrals: {
      customersReferred: Number(referred?.n ?? 0),
      earnings: earnings.map((e) => ({ amountMinor: e.amountMinor, currency: e.currency, createdAt: iso(e.createdAt) })),
    },
    couponsUsed: redemptions.map((r) => ({ code: r.code, orderNumber: orderNumber.get(r.orderId) ?? null, at: iso(r.at) })),
    uploads: {
      files: files.map((f) => ({ url: `/uploads/${f.name}`, bytes: f.bytes, contentType: f.contentType, createdAt: iso(f.createdAt) })),
      gallery: gallery.map((g) => ({ url: g.url, caption: g.caption, bytes: g.bytes, contentType: g.contentType, createdAt: iso(g.createdAt) })),
    },
    signIn: {
      failedLoginCount: user.failedLoginCount,
      lockedUntil: iso(user.lockedUntil),
      signInLockedAt: iso(user.signInLockedAt),
      signInLockedReason: user.signInLockedReason,
      failedLoginsByEmail: throttles.map((t) => ({ email: t.email, failedCount: t.failedCount, lastFailedAt: iso(t.lastFailedAt), lockedUntil: iso(t.lockedUntil) })),
      sessionsLoggedOut: endedSessions.map((s) => ({ until: iso(s.expiresAt) })),
      operator: operator ? { role: operator.role, since: iso(operator.createdAt) } : null,
      consoleSessions: consoleSessions.map((s) => ({ startedAt: iso(s.createdAt), expiresAt: iso(s.expiresAt), endedAt: iso(s.endedAt) })),
      note: 'Sign-in sessions are signed tokens the shop does not list; only logged-out sessions (until they would have expired) and operator console sessions are stored.',
    },
    // Which mails and when; not their text, which may quote someone else (an invitation names who sent it).
    emailsSentToYou: mails.map((m) => ({ to: m.to, template: m.template, status: m.status, createdAt: iso(m.createdAt), sentAt: iso(m.sentAt) })),
    notIncluded:
      'Your password (only a one-way hash is kept), one-time codes and link tokens (only hashes, and they expire), and the operator audit log (the record of what the shop staff did). Nothing about other people is included.',
  };
}

export type AccountExportData = Awaited<ReturnType<typeof collectAccountExport>>;
