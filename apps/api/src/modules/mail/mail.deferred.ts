import { emails, orderConfirmationSubject, type RenderedEmail } from './mail.templates.ts';

/**
 * Mails written to the outbox as what they will say, and rendered after the commit (issue 28):
 * the order confirmation goes in with the order, but building its HTML and text is not the
 * buyer's wait. The row holds the template's input in `render` (html and text empty); the
 * dispatcher renders it before sending or keeping it and stores the result, and the outbox
 * readers (the development mailbox) render a row still waiting. Rendering is a pure function of
 * the input, so whoever renders gets the same mail.
 */
const DEFERRED = {
  'order-confirmation': (input: OrderConfirmationInput) => emails.orderConfirmation(input),
} satisfies Record<string, (input: never) => RenderedEmail>;

export type OrderConfirmationInput = Parameters<typeof emails.orderConfirmation>[0];
export type DeferredTemplate = keyof typeof DEFERRED;

/** The `render` column of an outbox row. */
export interface DeferredRender {
  template: DeferredTemplate;
  input: unknown;
}

/** An outbox row's mail fields for an order confirmation rendered later. */
export function deferredOrderConfirmation(input: OrderConfirmationInput): { template: string; subject: string; html: string; text: string; render: DeferredRender } {
  return { template: 'order-confirmation', subject: orderConfirmationSubject(input.orderNumber), html: '', text: '', render: { template: 'order-confirmation', input } };
}

export function renderDeferred(render: DeferredRender): RenderedEmail {
  const renderer = DEFERRED[render.template];
  if (!renderer) throw new Error(`outbox: no renderer for deferred template ${String(render.template)}`);
  return renderer(render.input as OrderConfirmationInput);
}

/** A row as it will be sent: rendered now when it still waits for it. */
export function withBody<Row extends { subject: string; html: string; text: string; render?: DeferredRender | null }>(row: Row): Row {
  if (!row.render) return row;
  const mail = renderDeferred(row.render);
  return { ...row, subject: mail.subject, html: mail.html, text: mail.text, render: null };
}
