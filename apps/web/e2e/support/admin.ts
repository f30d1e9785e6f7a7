import { Secret, TOTP } from 'otpauth';
import type { Page } from 'playwright-core';
import { PASSWORD } from './accounts.ts';

/** The code an authenticator app shows for this secret `offsetSteps` × 30 s from now (the same library the API checks with). */
export function totpCode(secret: string, offsetSteps = 0): string {
  return new TOTP({ secret: Secret.fromBase32(secret.replace(/\s+/g, '')), algorithm: 'SHA1', digits: 6, period: 30 }).generate({ timestamp: Date.now() + offsetSteps * 30_000 });
}

/**
 * Signs in to the console as a person does the first time: the shop's email and password, then
 * the second factor's set-up (the key typed by hand instead of scanning the QR code), then the
 * recovery codes. Returns the secret, for later codes.
 */
export async function enrolInConsole(page: Page, baseUrl: string, email: string): Promise<{ secret: string; recoveryCodes: string[] }> {
  await page.goto(`${baseUrl}/admin`);
  await page.waitForURL(/\/admin\/sign-in/);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('heading', { name: 'Set up two-step sign-in' }).waitFor();
  await page.getByRole('img', { name: /^QR code for / }).waitFor();
  await page.getByText("Can't scan it? Enter the key by hand").click();
  const secret = (await page.getByTestId('mfa-secret').innerText()).replace(/\s+/g, '');
  await page.getByLabel('Digit 1 of 6').fill(totpCode(secret));
  await page.getByRole('heading', { name: 'Save your recovery codes' }).waitFor();
  const recoveryCodes = (await page.getByRole('list', { name: 'Recovery codes' }).innerText()).split(/\s+/).filter(Boolean);
  await page.getByLabel('I have stored these codes somewhere safe').check();
  await page.getByRole('button', { name: 'Continue to the console' }).click();
  return { secret, recoveryCodes };
}

/** A small PNG photo of one colour, drawn by the browser itself. */
export async function photo(page: Page, colour: string): Promise<Buffer> {
  const scratch = await page.context().browser()!.newPage();
  await scratch.setContent(`<body style="margin:0"><div style="width:480px;height:480px;background:${colour};display:grid;place-items:center;font:bold 64px sans-serif;color:#fff">${colour}</div></body>`);
  const bytes = await scratch.screenshot({ clip: { x: 0, y: 0, width: 480, height: 480 } });
  await scratch.close();
  return bytes;
}
