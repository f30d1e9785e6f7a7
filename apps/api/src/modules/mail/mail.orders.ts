import { render } from './mail.templates.ts';

const BRAND = 'Carbonwise';

/** Mails about an order after it was placed (issue 25): cancelled, refunded (with what was voided). */
export const orderEmails = {
  orderCancelled: (p: { firstName: string | null; orderNumber: string; by: 'buyer' | 'operator'; reason: string | null; url: string }) =>
    render('order-cancelled', `Your ${BRAND} order ${p.orderNumber} is cancelled`, p.firstName, {
      paragraphs: [
        p.by === 'buyer' ? `You cancelled order ${p.orderNumber} before paying for it.` : `We cancelled order ${p.orderNumber} before it was paid.`,
        ...(p.reason ? [`Reason: ${p.reason}`] : []),
        'Nothing was charged, and the items it held are available again. You are welcome to order again.',
      ],
      button: { label: 'View the order', url: p.url },
    }),

  orderRefunded: (p: {
    firstName: string | null;
    orderNumber: string;
    amount: string;
    full: boolean;
    reason: string;
    voided: { serial: string; tonnes: number; name: string; replacementSerial: string | null; url: string }[];
    url: string;
  }) =>
    render('order-refunded', `Your ${BRAND} order ${p.orderNumber}: ${p.amount} refunded`, p.firstName, {
      paragraphs: [
        p.full ? `We refunded order ${p.orderNumber} in full: ${p.amount}.` : `We refunded ${p.amount} of order ${p.orderNumber}.`,
        `Reason: ${p.reason}`,
        'The money goes back to the card or account you paid with. Banks usually show it within 5 to 10 days.',
        ...(p.voided.length
          ? [
              `The carbon retired for what was refunded is no longer yours to claim: ${p.voided.length === 1 ? 'this certificate is' : 'these certificates are'} now void, and ${p.voided.length === 1 ? 'its' : 'their'} tonnes are no longer counted in your retired total.`,
            ]
          : []),
      ],
      links: p.voided.map((v) => ({
        label: `${v.serial} — ${v.tonnes} t, ${v.name}: void${v.replacementSerial ? ` (what remains is on ${v.replacementSerial})` : ''}`,
        url: v.url,
      })),
      button: { label: 'View the order', url: p.url },
    }),
};
