import { CURRENCY_SYMBOL, isSupportedCurrency, minorToMajor, type Currency } from '@app/contract';
import type { Order, OrderEvent, OrderLine, OrderStatus } from '@app/contract/orders';
import type { OrderCertificateRow, OrderEventRow, OrderItemRow, OrderRow } from './orders.repository.ts';

/** An order as the API answers it: frozen lines and totals, in the order's currency. */
export function toOrder(row: OrderRow, items: OrderItemRow[], issued: OrderCertificateRow[], now: Date): Order {
  const currency: Currency = isSupportedCurrency(row.currency) ? row.currency : 'USD';
  const money = (minor: number) => minorToMajor(minor, currency);
  const products: OrderLine[] = items.map((item) => ({
    _id: item.id,
    product: { _id: item.productId, id: item.productId, name: item.productName, slug: item.productSlug, image: item.productImages, kind: item.productKind, unit: item.productUnit },
    color: item.colorId ? { _id: item.colorId, name: item.colorName ?? '' } : null,
    size: item.sizeId ? { _id: item.sizeId, name: item.sizeName ?? '' } : null,
    quantity: item.quantity,
    price: money(item.unitPriceMinor),
    priceMinor: item.unitPriceMinor,
    lineTotal: money(item.unitPriceMinor * item.quantity),
    lineTotalMinor: item.unitPriceMinor * item.quantity,
    refundedQuantity: item.refundedQuantity ?? 0,
    // "Given to …" stays on the giver's order, claimed or not (decision 0051).
    gift: item.giftName ? { name: item.giftName, deliverOn: item.giftDeliverOn, claimed: issued.some((certificate) => certificate.orderItemId === item.id && certificate.giftClaimed) } : null,
  }));
  const status = shownStatus(row, now);
  const pending = status === 'pending';
  return {
    _id: row.id,
    id: row.id,
    orderNumber: row.orderNumber,
    status,
    kind: row.kind as Order['kind'],
    isBusinessOrder: row.kind === 'business',
    businessCode: row.businessCode,
    conferanceCode: row.conferanceCode,
    currency,
    currencySymbol: CURRENCY_SYMBOL[currency],
    products,
    subTotal: money(row.subTotalMinor),
    subTotalMinor: row.subTotalMinor,
    discount: money(row.discountMinor),
    discountMinor: row.discountMinor,
    discountUnit: (row.discountUnit as Order['discountUnit']) ?? null,
    coupon: row.couponCode,
    orderTotal: money(row.totalMinor),
    orderTotalMinor: row.totalMinor,
    tonnes: items.filter((item) => item.productKind === 'offset').reduce((sum, item) => sum + item.quantity - (item.refundedQuantity ?? 0), 0),
    firstName: row.firstName,
    lastName: row.lastName,
    buyerEmail: row.buyerEmail,
    address: row.address ? { ...row.address, line2: row.address.line2 ?? null, region: row.address.region ?? null, phone: row.address.phone ?? null } : null,
    payment: { provider: row.paymentProvider === 'stripe' ? 'stripe' : 'test', checkoutUrl: pending ? row.checkoutUrl : null },
    reservedUntil: pending && row.reservedUntil ? row.reservedUntil.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
    paidAt: row.paidAt ? row.paidAt.toISOString() : null,
    cancelledAt: row.cancelledAt ? row.cancelledAt.toISOString() : null,
    cancelReason: row.cancelReason,
    refundedMinor: row.refundedMinor,
    certificates: issued.map((certificate) => ({ serial: certificate.serial, productName: certificate.productName, tonnes: certificate.tonnesMilli / 1000, status: certificate.status ?? 'valid' })),
  };
}

/** A pending order past its reservation is expired, even before the sweeper has written so. */
export function shownStatus(row: Pick<OrderRow, 'status' | 'reservedUntil'>, now: Date): OrderStatus {
  if (row.status === 'pending' && row.reservedUntil && row.reservedUntil <= now) return 'expired';
  return row.status as OrderStatus;
}

/** A timeline row as the buyer reads it (who by role, never by account id). */
export function toOrderEvent(event: OrderEventRow, currency: Currency): OrderEvent {
  return {
    at: event.at.toISOString(),
    actor: event.actor as OrderEvent['actor'],
    kind: event.kind as OrderEvent['kind'],
    amount: event.amountMinor === null ? null : minorToMajor(event.amountMinor, currency),
    amountMinor: event.amountMinor,
    note: event.note,
  };
}
