import { expect } from 'vitest';
import type { TestServer } from './server.ts';
import type { Page } from 'playwright-core';

export const PASSWORD = 'Seedling-growth-24';

/** A verified account made through the API, as registration and the mailed code do. */
export async function verifiedAccount(server: TestServer, email: string, name: { firstName: string; lastName: string } = { firstName: 'Ada', lastName: 'Green' }) {
  const registered = await fetch(`${server.url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...name, email, password: PASSWORD, confirmPassword: PASSWORD }),
  });
  const { data } = await registered.json();
  await server.app.mail.flush();
  const outbox = await (await fetch(`${server.url}/api/dev/outbox?to=${encodeURIComponent(email)}`)).json();
  const otp = /Your code: (\d{6})/.exec(outbox.data[0].text)![1];
  const verified = await fetch(`${server.url}/api/auth/registration-otp-verify`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, otp, signUpProof: data?.signUpProof }),
  });
  expect(verified.status).toBe(200);
}

/** Fills the login form on the page it is showing and submits it, as a person would. */
export async function logIn(page: Page, email: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
}
