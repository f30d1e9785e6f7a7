import { z } from 'zod';

/**
 * Fulfilment of an order's goods lines (issue 25, decision 0044): each goods line goes
 * unfulfilled → shipped → delivered, or returned (from shipped or delivered). Offset lines need
 * none: they are retired on payment. Shared by the buyer's order page and the operator console.
 */
export const FULFILMENT_LINE_STATES = ['unfulfilled', 'partially_shipped', 'shipped', 'delivered', 'returned', 'refunded'] as const;
export type FulfilmentLineState = (typeof FULFILMENT_LINE_STATES)[number];

/** The carriers whose tracking page the shop can link to; `{number}` is replaced by the tracking number. */
export const CARRIERS = [
  { name: 'DHL', url: 'https://www.dhl.com/global-en/home/tracking/tracking-express.html?submit=1&tracking-id={number}' },
  { name: 'UPS', url: 'https://www.ups.com/track?loc=en_US&tracknum={number}' },
  { name: 'FedEx', url: 'https://www.fedex.com/fedextrack/?trknbr={number}' },
  { name: 'USPS', url: 'https://tools.usps.com/go/TrackConfirmAction?tLabels={number}' },
  { name: 'Royal Mail', url: 'https://www.royalmail.com/track-your-item#/tracking-results/{number}' },
  { name: 'DPD', url: 'https://tracking.dpd.de/status/en_US/parcel/{number}' },
  { name: 'GLS', url: 'https://gls-group.com/GROUP/en/parcel-tracking?match={number}' },
  { name: 'PostNL', url: 'https://jouw.postnl.nl/track-and-trace/{number}' },
  { name: 'Canada Post', url: 'https://www.canadapost-postescanada.ca/track-reperage/en#/search?searchFor={number}' },
  { name: 'Australia Post', url: 'https://auspost.com.au/mypost/track/details/{number}' },
  { name: 'Japan Post', url: 'https://trackings.post.japanpost.jp/services/srv/search/?requestNo1={number}&locale=en' },
] as const;

const carrierKey = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, '');

/** The carrier's tracking page for this number, or null for a carrier the shop does not know (the number alone is shown then). */
export function trackingUrlFor(carrier: string, trackingNumber: string): string | null {
  const known = CARRIERS.find((c) => carrierKey(c.name) === carrierKey(carrier));
  return known ? known.url.replace('{number}', encodeURIComponent(trackingNumber.replace(/\s+/g, ''))) : null;
}

/** How far one goods line got: units shipped, delivered and returned, and the state they add up to. */
export const lineFulfilmentSchema = z.object({
  lineId: z.string(),
  productName: z.string(),
  quantity: z.number().int(),
  shipped: z.number().int(),
  delivered: z.number().int(),
  returned: z.number().int(),
  /** Units refunded before they were shipped: they are never shipped (decision 0042's line refunds). */
  refunded: z.number().int(),
  state: z.enum(FULFILMENT_LINE_STATES),
});
export type LineFulfilment = z.infer<typeof lineFulfilmentSchema>;

/** One parcel: what went in it, with which carrier, and whether it arrived. */
export const shipmentSchema = z.object({
  _id: z.string(),
  status: z.enum(['shipped', 'delivered']),
  carrier: z.string(),
  trackingNumber: z.string(),
  /** The carrier's tracking page, when the carrier is one the shop knows. */
  trackingUrl: z.string().nullable(),
  shippedAt: z.string(),
  deliveredAt: z.string().nullable(),
  lines: z.array(z.object({ lineId: z.string(), quantity: z.number().int() })),
});
export type Shipment = z.infer<typeof shipmentSchema>;

/** The fulfilment of an order's goods: per line, and the parcels. Absent for an order of offsets only. */
export const orderFulfilmentSchema = z.object({
  lines: z.array(lineFulfilmentSchema),
  shipments: z.array(shipmentSchema),
});
export type OrderFulfilment = z.infer<typeof orderFulfilmentSchema>;

/**
 * The state of a line from its counts (returned wins once everything that went out came back).
 * Units refunded are not to be shipped: a line refunded in full before shipping is `refunded`.
 */
export function lineState(counts: { quantity: number; shipped: number; delivered: number; returned: number; refunded?: number }): FulfilmentLineState {
  const toShip = Math.max(counts.quantity - (counts.refunded ?? 0), counts.shipped);
  if (counts.shipped === 0) return toShip === 0 ? 'refunded' : 'unfulfilled';
  if (counts.returned >= counts.shipped) return 'returned';
  if (counts.shipped < toShip) return 'partially_shipped';
  return counts.delivered >= counts.shipped ? 'delivered' : 'shipped';
}
