import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import Stripe from 'stripe';
import { freePort } from './free-port.ts';

/** One request the fake received, its form body decoded the way Stripe reads it. */
export interface FakeStripeRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: Record<string, any>;
}

export interface FakeStripe {
  /** `http://127.0.0.1:<port>`, for STRIPE_API_BASE. */
  url: string;
  requests: FakeStripeRequest[];
  /** Every session created, by id (a replayed idempotency key creates none). */
  sessions: Map<string, Record<string, any>>;
  /** Refunds created, by id (a replayed idempotency key creates none). */
  refunds: Map<string, Record<string, any>>;
  /** The next request (session or refund) fails with this Stripe error instead; status 0 drops the connection. */
  failNext(error: { status: number; type: string; message: string; code?: string }, times?: number): void;
  /**
   * The buyer pays a session: a PaymentIntent of the session's total is created and the
   * `checkout.session.completed` event Stripe would send is answered (deliver it signed).
   */
  /** Stops failing requests (failures left over from failNext). */
  stopFailing(): void;
  pay(sessionId: string): { event: Record<string, any>; paymentIntent: string; amount: number };
  /** The `charge.refunded` event Stripe sends after refunds of a PaymentIntent (amount_refunded is cumulative). */
  chargeRefundedEvent(paymentIntent: string): Record<string, any>;
  /** Refunds from now on answer this status (`pending`: Stripe confirms later by webhook). */
  answerRefundsAs(status: 'succeeded' | 'pending'): void;
  /** The `refund.updated` event for one refund, with this status (the refund's stored status is set to it). */
  refundUpdatedEvent(refundId: string, status: 'succeeded' | 'failed'): Record<string, any>;
  close(): Promise<void>;
}

/**
 * A local stand-in for the Stripe API endpoints the provider calls, driven by the real SDK:
 * `POST /v1/checkout/sessions`, `POST /v1/checkout/sessions/{id}/expire` and `POST /v1/refunds`,
 * with Stripe's form encoding, bearer-key authentication and idempotency keys (same key and
 * parameters: the first answer again; other parameters: 400 idempotency_error, as Stripe does).
 * Refunds are of PaymentIntents made by `pay`, and never more than is left of their amount.
 */
export async function startFakeStripe(): Promise<FakeStripe> {
  const port = await freePort();
  const requests: FakeStripeRequest[] = [];
  const sessions = new Map<string, Record<string, any>>();
  const refunds = new Map<string, Record<string, any>>();
  let refundStatus: 'succeeded' | 'pending' = 'succeeded';
  const paymentIntents = new Map<string, { amount: number; currency: string; refunded: number; metadata: Record<string, string> }>();
  const byIdempotencyKey = new Map<string, { bodyHash: string; answer: Record<string, any> }>();
  let nextFailure: { status: number; type: string; message: string; code?: string } | undefined;
  let failuresLeft = 0;

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const path = (req.url ?? '/').split('?')[0]!;
      const body = decodeStripeForm(raw);
      requests.push({ method: req.method ?? '', path, headers: req.headers, body });
      const answer = (status: number, payload: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${randomBytes(7).toString('hex')}` });
        res.end(JSON.stringify(payload));
      };
      const error = (status: number, type: string, message: string, code?: string) => answer(status, { error: { type, message, ...(code ? { code } : {}) } });

      if (!/^Bearer sk_(test|live)_\w+$/.test(req.headers.authorization ?? '')) return error(401, 'invalid_request_error', 'Invalid API Key provided');
      const expire = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(path);
      const known = req.method === 'POST' && (path === '/v1/checkout/sessions' || path === '/v1/refunds' || expire);
      if (!known) return error(404, 'invalid_request_error', `Unrecognized request URL (${req.method}: ${path})`);
      if (nextFailure) {
        const failure = nextFailure;
        failuresLeft -= 1;
        if (failuresLeft <= 0) nextFailure = undefined;
        if (failure.status === 0) return req.socket.destroy();
        return error(failure.status, failure.type, failure.message, failure.code);
      }
      const key = req.headers['idempotency-key'];
      const bodyHash = createHash('sha256').update(`${path}\n${raw}`).digest('hex');
      if (typeof key === 'string') {
        const earlier = byIdempotencyKey.get(key);
        if (earlier && earlier.bodyHash !== bodyHash) {
          return error(400, 'idempotency_error', `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`);
        }
        if (earlier) return answer(200, earlier.answer);
      }
      let created: Record<string, any>;
      if (expire) {
        const session = sessions.get(expire[1]!);
        if (!session) return error(404, 'invalid_request_error', `No such checkout.session: '${expire[1]}'`, 'resource_missing');
        if (session.status !== 'open') return error(400, 'invalid_request_error', `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${session.status}".`);
        session.status = 'expired';
        created = session;
      } else if (path === '/v1/refunds') {
        const intent = paymentIntents.get(String(body.payment_intent ?? ''));
        if (!intent) return error(404, 'invalid_request_error', `No such payment_intent: '${body.payment_intent}'`, 'resource_missing');
        const amount = body.amount === undefined ? intent.amount - intent.refunded : Number(body.amount);
        if (intent.refunded >= intent.amount) return error(400, 'invalid_request_error', `Charge for payment_intent ${body.payment_intent} has already been refunded.`, 'charge_already_refunded');
        if (amount > intent.amount - intent.refunded) {
          return error(400, 'invalid_request_error', `Refund amount (${amount}) is greater than unrefunded amount on charge (${intent.amount - intent.refunded})`, 'amount_too_large');
        }
        intent.refunded += amount;
        created = { id: `re_${randomBytes(12).toString('hex')}`, object: 'refund', amount, currency: intent.currency, payment_intent: body.payment_intent, status: refundStatus, metadata: body.metadata ?? {}, created: Math.floor(Date.now() / 1000) };
        refunds.set(created.id, created);
      } else {
        created = checkoutSession(body);
        sessions.set(created.id, created);
      }
      if (typeof key === 'string') byIdempotencyKey.set(key, { bodyHash, answer: created });
      answer(200, created);
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    sessions,
    refunds,
    failNext: (failure, times = 1) => {
      nextFailure = failure;
      failuresLeft = times;
    },
    stopFailing: () => {
      nextFailure = undefined;
      failuresLeft = 0;
    },
    pay(sessionId) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no session ${sessionId}`);
      const paymentIntent = `pi_${randomBytes(12).toString('hex')}`;
      paymentIntents.set(paymentIntent, { amount: session.amount_total, currency: session.currency, refunded: 0, metadata: session.metadata ?? {} });
      Object.assign(session, { status: 'complete', payment_status: 'paid', payment_intent: paymentIntent });
      const event = checkoutSessionEvent('checkout.session.completed', { orderId: session.metadata?.orderId, sessionId, paymentStatus: 'paid' });
      Object.assign(event.data.object, { payment_intent: paymentIntent, amount_total: session.amount_total, currency: session.currency });
      return { event, paymentIntent, amount: session.amount_total };
    },
    chargeRefundedEvent(paymentIntent) {
      const intent = paymentIntents.get(paymentIntent)!;
      return {
        id: `evt_${randomBytes(12).toString('hex')}`,
        object: 'event',
        api_version: Stripe.API_VERSION,
        created: Math.floor(Date.now() / 1000),
        type: 'charge.refunded',
        data: { object: { id: `ch_${randomBytes(12).toString('hex')}`, object: 'charge', amount: intent.amount, amount_refunded: intent.refunded, currency: intent.currency, payment_intent: paymentIntent, refunded: intent.refunded >= intent.amount } },
      };
    },
    answerRefundsAs: (status) => {
      refundStatus = status;
    },
    refundUpdatedEvent(refundId, status) {
      const refund = refunds.get(refundId)!;
      refund.status = status;
      return {
        id: `evt_${randomBytes(12).toString('hex')}`,
        object: 'event',
        api_version: Stripe.API_VERSION,
        created: Math.floor(Date.now() / 1000),
        type: 'refund.updated',
        data: { object: { ...refund, ...(status === 'failed' ? { failure_reason: 'expired_or_canceled_card' } : {}) } },
      };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A session object shaped like Stripe's answer (the fields a shop reads). */
function checkoutSession(params: Record<string, any>): Record<string, any> {
  const id = `cs_test_${randomBytes(24).toString('base64url')}`;
  const lines: any[] = params.line_items ?? [];
  const amountTotal = lines.reduce((sum, line) => sum + Number(line.price_data.unit_amount) * Number(line.quantity), 0);
  return {
    id,
    object: 'checkout.session',
    amount_subtotal: amountTotal,
    amount_total: amountTotal,
    cancel_url: params.cancel_url ?? null,
    client_reference_id: params.client_reference_id ?? null,
    created: Math.floor(Date.now() / 1000),
    currency: lines[0]?.price_data.currency ?? null,
    customer: null,
    customer_email: params.customer_email ?? null,
    expires_at: Number(params.expires_at),
    livemode: false,
    metadata: params.metadata ?? {},
    mode: params.mode,
    payment_intent: null,
    payment_status: 'unpaid',
    status: 'open',
    success_url: params.success_url ?? null,
    url: `https://checkout.stripe.com/c/pay/${id}#fidkdWxOYHwnPyd1blpxYHZxWjA0`,
  };
}

/** `a[b][0][c]=1` → `{a:{b:[{c:'1'}]}}`: Stripe's form encoding, as its API reads it. */
export function decodeStripeForm(raw: string): Record<string, any> {
  const root: Record<string, any> = {};
  for (const [key, value] of new URLSearchParams(raw)) {
    const segments = key.replace(/\]/g, '').split('[');
    let node: Record<string, any> = root;
    segments.forEach((segment, index) => {
      if (index === segments.length - 1) node[segment] = value;
      else node = node[segment] ??= {};
    });
  }
  return arraysFromIndexes(root);
}

function arraysFromIndexes(value: any): any {
  if (typeof value !== 'object' || value === null) return value;
  const keys = Object.keys(value);
  const entries = keys.map((key) => [key, arraysFromIndexes(value[key])] as const);
  if (keys.length > 0 && keys.every((key, index) => key === String(index))) return entries.map(([, item]) => item);
  return Object.fromEntries(entries);
}

/** A Checkout Session event as Stripe sends it to a webhook endpoint. */
export function checkoutSessionEvent(
  type: string,
  session: { orderId?: string; sessionId?: string; paymentStatus?: string; metadata?: Record<string, string> },
  eventId = `evt_test_${randomBytes(12).toString('hex')}`,
) {
  const id = session.sessionId ?? `cs_test_${randomBytes(12).toString('hex')}`;
  return {
    id: eventId,
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: {
      object: {
        id,
        object: 'checkout.session',
        amount_total: 2500,
        currency: 'usd',
        client_reference_id: session.orderId ?? null,
        metadata: session.metadata ?? (session.orderId ? { orderId: session.orderId } : {}),
        mode: 'payment',
        payment_status: session.paymentStatus ?? 'paid',
        status: type === 'checkout.session.expired' ? 'expired' : 'complete',
      },
    },
  };
}

/** A webhook body and the Stripe-Signature header Stripe would send with it, really signed with `secret`. */
export function signedWebhook(event: unknown, secret: string, options: { timestamp?: number } = {}): { payload: string; signature: string } {
  const payload = JSON.stringify(event, null, 2);
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp: options.timestamp ?? Math.floor(Date.now() / 1000) });
  return { payload, signature };
}
