import type { FastifyInstance } from 'fastify';
import { bearer } from './auth-helpers.ts';
import { json } from './helper.ts';

/** One call to the business API as `token` (null: a visitor); answers status and parsed body. */
export async function call(app: FastifyInstance, token: string | null, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown) {
  const response = await app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload === undefined ? {} : { payload: payload as object }) });
  // Downloads (CSV, PDF) answer their bytes as text; everything else is JSON.
  const type = String(response.headers['content-type'] ?? '');
  return { status: response.statusCode, body: type.startsWith('text/csv') || type.startsWith('application/pdf') ? (response.body as any) : json(response) };
}

/** Creates a business through the API as its owner; answers the owner's view. */
export async function createBusiness(app: FastifyInstance, token: string, body: Record<string, unknown> = {}) {
  const created = await call(app, token, 'POST', '/api/v1/business-profiles', { name: 'Greenleaf Ltd', ...body });
  if (created.status !== 201) throw new Error(`business not created: ${JSON.stringify(created.body)}`);
  return created.body.data;
}

/** A business with one event, made through the API by a new owner; answers the event (its conferanceCode and name). */
export async function createEventOfNewBusiness(app: FastifyInstance, name = 'Green Summit') {
  const { quickBuyer } = await import('./order-helpers.ts');
  const organiser = await quickBuyer(app);
  await createBusiness(app, organiser.token, { name: `${name} Hosts` });
  const created = await call(app, organiser.token, 'POST', '/api/v1/business-events', { name, startDate: '2026-06-01', endDate: '2026-06-02' });
  if (created.status !== 201) throw new Error(`event not created: ${JSON.stringify(created.body)}`);
  return created.body.data as { conferanceCode: string; name: string };
}
