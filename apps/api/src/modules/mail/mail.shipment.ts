import { render, type RenderedEmail } from './mail.templates.ts';

/**
 * The shipment mail (issue 25): what is in the parcel, the carrier and tracking number, a button
 * to the carrier's tracking page when the shop knows the carrier (else the number alone), and
 * the order page. HTML and plain text, through the outbox like every mail.
 */
export function shipmentEmail(p: { firstName: string | null; orderNumber: string; lines: { name: string; quantity: number }[]; carrier: string; trackingNumber: string; trackingUrl: string | null; orderUrl: string }): RenderedEmail {
  return render('order-shipped', `Your Carbonwise order ${p.orderNumber} is on its way`, p.firstName, {
    paragraphs: [
      `Good news: we have shipped goods from your order ${p.orderNumber}.`,
      ...p.lines.map((line) => `${line.quantity} × ${line.name}`),
      `Carrier: ${p.carrier}`,
      `Tracking number: ${p.trackingNumber}`,
      ...(p.trackingUrl ? [] : ['Use this number on the carrier’s website to follow the parcel.']),
    ],
    button: p.trackingUrl ? { label: 'Track your parcel', url: p.trackingUrl } : { label: 'View your order', url: p.orderUrl },
    footnote: p.trackingUrl ? `Your order, with the state of each item: ${p.orderUrl}` : undefined,
  });
}
