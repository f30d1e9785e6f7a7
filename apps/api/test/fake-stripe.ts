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
  /** The next session request fails with this Stripe error instead. */
  failNext(error: { status: number; type: string; message: string; code?: string }): void;
  close(): Promise<void>;
}

/**
 * A local stand-in for the Stripe API endpoints the provider calls, driven by the real SDK:
 * `POST /v1/checkout/sessions` with Stripe's form encoding, bearer-key authentication and
 * idempotency keys (same key and parameters: the first session again; other parameters: 400
 * idempotency_error, as Stripe does).
 */
export async function startFakeStripe(): Promise<FakeStripe> {
  const port = await freePort();
  const requests: FakeStripeRequest[] = [];
  const sessions = new Map<string, Record<string, any>>();
  const byIdempotencyKey = new Map<string, { bodyHash: string; session: Record<string, any> }>();
  let nextFailure: { status: number; type: string; message: string; code?: string } | undefined;

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
      if (req.method !== 'POST' || path !== '/v1/checkout/sessions') return error(404, 'invalid_request_error', `Unrecognized request URL (${req.method}: ${path})`);
      if (nextFailure) {
        const failure = nextFailure;
        nextFailure = undefined;
        return error(failure.status, failure.type, failure.message, failure.code);
      }
      const key = req.headers['idempotency-key'];
      const bodyHash = createHash('sha256').update(raw).digest('hex');
      if (typeof key === 'string') {
        const earlier = byIdempotencyKey.get(key);
        if (earlier && earlier.bodyHash !== bodyHash) {
          return error(400, 'idempotency_error', `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`);
        }
        if (earlier) return answer(200, earlier.session);
      }
      const session = checkoutSession(body);
      sessions.set(session.id, session);
      if (typeof key === 'string') byIdempotencyKey.set(key, { bodyHash, session });
      answer(200, session);
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    sessions,
    failNext: (failure) => {
      nextFailure = failure;
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
