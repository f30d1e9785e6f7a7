import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { bearer } from './auth-helpers.ts';
import { call, createBusiness } from './business-helpers.ts';
import { createTestApp, json } from './helper.ts';
import { quickBuyer } from './order-helpers.ts';
import { multipartBody, PNG_BYTES } from './upload-helpers.ts';

/**
 * Setup shared by the business-events tests: events.test.ts (creating, editing and reading
 * events) and events-attendees.test.ts (joining, footprints and the owner's figures). Each file
 * builds its own app on its own database, so the two run in parallel without seeing each other.
 */
export type Person = Awaited<ReturnType<typeof quickBuyer>>;
export type EventsSetup = Awaited<ReturnType<typeof setUpEvents>>;
export type CreatedEvent = { id: string; conferanceCode: string; imageUrl: string };

/** A complete, valid event as multipart form fields (strings, as a browser form sends them). */
export const eventFields = { name: 'Climate Summit 2026', description: 'Two days on net zero', startDate: '2026-05-04', endDate: '2026-05-05', location: 'ExCeL, London', country: 'gb', expectedAttendees: '250' };

export const fieldParts = (values: Record<string, string>) => Object.entries(values).map(([name, content]) => ({ name, content }));
export const image = (content: Buffer | string = PNG_BYTES, name = 'image') => ({ name, filename: 'poster.png', type: 'image/png', content });

/**
 * A fresh app (no catalog seed) with uploads in a temporary folder, and the people the tests act
 * as: a business owner with one active member, a person in no business, and the owner of another
 * business. Close it with `close()` in afterAll; it removes the folder too.
 */
export async function setUpEvents() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'cw-events-'));
  let opened: FastifyInstance | undefined;
  const close = async () => {
    await opened?.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const app = await createTestApp({ seed: false, config: { dataDir } });
    opened = app;
    const [owner, member, stranger, otherOwner] = await Promise.all([quickBuyer(app), quickBuyer(app), quickBuyer(app), quickBuyer(app)]);
    const business: { id: string; businessCode: string; joinCodes: { employee: string } } = await createBusiness(app, owner.token, { name: 'Greenleaf Events' });
    const otherBusiness: { businessCode: string } = await createBusiness(app, otherOwner.token, { name: 'Other Co' });
    const joined = await call(app, member.token, 'POST', '/api/v1/business-user-profiles/join', { businessCode: business.joinCodes.employee });
    expect(joined.status).toBe(201);

    /** A multipart request with every byte under the test's control (upload-helpers.ts). */
    const form = (method: 'POST' | 'PUT', url: string, token: string | null, parts: Parameters<typeof multipartBody>[0]) => {
      const { payload, headers } = multipartBody(parts);
      return sendRaw(method, url, token, payload, headers['content-type']);
    };
    /** Any body with any content type, for truncated and malformed multipart. */
    const sendRaw = async (method: 'POST' | 'PUT', url: string, token: string | null, payload: Buffer | string, contentType: string) => {
      const response = await app.inject({ method, url, payload, headers: { 'content-type': contentType, ...(token ? bearer(token) : {}) } });
      return { status: response.statusCode, body: json(response) };
    };
    /** Images in the upload store (decision 0060): a refused request must leave no image behind. */
    const stored = async () => (await app.uploads.store.list()).length;
    return { app, dataDir, owner, member, stranger, otherOwner, business, otherBusiness, form, sendRaw, stored, close };
  } catch (error) {
    // afterAll never sees a setup that failed half-way: clean up here.
    await close();
    throw error;
  }
}

/**
 * The three events events.test.ts makes in its first tests, for a file that starts from them
 * (lists and stats count all three): the first from the form with an image, which is answered,
 * then two more as JSON without one.
 */
export async function createEvents(setup: EventsSetup): Promise<CreatedEvent> {
  const { app, owner } = setup;
  const created = await setup.form('POST', '/api/v1/business-events', owner.token, [...fieldParts(eventFields), image()]);
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  for (const body of [
    { name: 'Climate Summit 2026', startDate: '2026-06-01', endDate: '2026-06-01' },
    { name: '!!', startDate: '2026-06-01', endDate: '2026-06-02' },
  ]) {
    const more = await call(app, owner.token, 'POST', '/api/v1/business-events', body);
    expect(more.status, JSON.stringify(more.body)).toBe(201);
  }
  return created.body.data;
}
