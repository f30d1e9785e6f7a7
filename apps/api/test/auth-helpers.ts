import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { json } from './helper.ts';

export const PASSWORD = 'Green-planet-42';

export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}.${randomBytes(5).toString('hex')}@example.com`;
}

export interface OutboxMessage {
  _id: string;
  to: string;
  template: string;
  subject: string;
  text: string;
  html: string;
}

/** Delivers pending mail, then returns the messages to an address, newest first. */
export async function mailTo(app: FastifyInstance, email: string): Promise<OutboxMessage[]> {
  await app.mail.flush();
  const response = await app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(email)}` });
  return json(response).data;
}

export function codeIn(message: OutboxMessage): string {
  const match = /Your code: (\d{6})/.exec(message.text);
  if (!match) throw new Error(`no code in email "${message.subject}"`);
  return match[1];
}

export function tokenIn(message: OutboxMessage): string {
  const match = /[?&]tk=([A-Za-z0-9_-]+)/.exec(message.text);
  if (!match) throw new Error(`no link token in email "${message.subject}"`);
  return match[1];
}

export async function register(app: FastifyInstance, overrides: Record<string, unknown> = {}) {
  const email = (overrides.email as string) ?? uniqueEmail();
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { firstName: 'Ada', lastName: 'Green', email, password: PASSWORD, confirmPassword: PASSWORD, ...overrides },
  });
  // The sign-up proof only this caller received (decision 0005); verifying with it keeps the password.
  const signUpProof = response.statusCode === 201 ? (json(response).data?.signUpProof as string | undefined) : undefined;
  return { email, response, signUpProof };
}

/** Registers and verifies by code, as the browser that signed up does; returns the session token and user. */
export async function registerVerified(app: FastifyInstance, overrides: Record<string, unknown> = {}) {
  const { email, signUpProof } = await register(app, overrides);
  const [mail] = await mailTo(app, email);
  const response = await app.inject({ method: 'PATCH', url: '/api/auth/registration-otp-verify', payload: { email, otp: codeIn(mail), signUpProof } });
  if (response.statusCode !== 200) throw new Error(`verification failed: ${response.body}`);
  const body = json(response);
  return { email, token: body.token as string, user: body.user, password: (overrides.password as string) ?? PASSWORD };
}

export function login(app: FastifyInstance, email: string, password: string, extra: Record<string, unknown> = {}) {
  return app.inject({ method: 'POST', url: '/api/auth/login', payload: { userId: email, password, strategy: 'password', ...extra } });
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
