import type { FastifyInstance } from 'fastify';
import { bearer } from './auth-helpers.ts';
import { json } from './helper.ts';
import { multipartBody } from './upload-helpers.ts';

export type Part = Parameters<typeof multipartBody>[0][number];

let client = 0;
/** A fresh client address per call, so the per-client write limits never decide a test. */
const nextAddress = () => {
  client += 1;
  return `10.77.${Math.floor(client / 250) % 250}.${(client % 250) + 1}`;
};

/** A JSON (or empty) call as `token` (null: a visitor). */
export async function send(app: FastifyInstance, token: string | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) {
  const response = await app.inject({ method, url, remoteAddress: nextAddress(), headers: token ? bearer(token) : {}, ...(payload === undefined ? {} : { payload: payload as object }) });
  return { status: response.statusCode, body: json(response) };
}

/** A multipart call; `cut` drops that many bytes from the end (a cut-off upload). */
export async function sendForm(app: FastifyInstance, token: string | null, method: 'POST' | 'PUT', url: string, parts: Part[], cut = 0) {
  const { payload, headers } = multipartBody(parts);
  const response = await app.inject({ method, url, remoteAddress: nextAddress(), payload: cut ? payload.subarray(0, payload.length - cut) : payload, headers: { ...headers, ...(token ? bearer(token) : {}) } });
  return { status: response.statusCode, body: json(response) };
}

/** Text fields as multipart parts. */
export const fields = (values: Record<string, string>): Part[] => Object.entries(values).map(([name, content]) => ({ name, content }));
