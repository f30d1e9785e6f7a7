import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { watchConsole } from './support/browser.ts';
import { useProductInBrowser } from './support/journey.ts';
import { PASSWORD, logIn, verifiedAccount } from './support/accounts.ts';
import type { TestServer } from './support/server.ts';

/**
 * Joining a business with its secret join code (issue 23 item 1, issue 26 item 7), as people do:
 * typing the code on the employer page, and following the join link the owner sends, including a
 * brand-new person who signs up through the link and verifies their email (spec §4: they land on
 * /other/my-employer-account), by the code in the popup or by the link in the email.
 */
async function shot(page: Page, name: string) {
  if (process.env.SCREENSHOT_DIR) await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/${name}.png`, fullPage: true });
}

async function api(server: TestServer, token: string | null, method: string, path: string, body?: unknown) {
  const response = await fetch(`${server.url}/api${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: await response.json() };
}

async function mailText(server: TestServer, email: string): Promise<string> {
  await server.app.mail.flush();
  const outbox = await (await fetch(`${server.url}/api/dev/outbox?to=${encodeURIComponent(email)}`)).json();
  return outbox.data[0]?.text ?? '';
}

/** Signs up through the form of the page it is on (the join link's login page), as a person does. */
async function signUp(page: Page, email: string) {
  await page.getByRole('tab', { name: 'Create account' }).click();
  await page.getByLabel('First name').fill('Grace');
  await page.getByLabel('Last name').fill('Hopper');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  const success = page.getByRole('dialog', { name: 'Registration is successful' });
  await success.waitFor();
  await success.getByRole('button', { name: 'OK' }).click();
}

async function expectEmployee(page: Page, businessName: string) {
  await page.waitForURL(/\/other\/my-employer-account(\?.*)?$/, { timeout: 20_000 });
  await page.getByTestId('membership').getByRole('heading', { name: businessName }).waitFor({ timeout: 20_000 });
  expect(await page.getByTestId('membership').innerText()).toContain('You are an employee');
}

async function freshPage(browser: Browser, width: number) {
  const context = await browser.newContext({ viewport: { width, height: width > 600 ? 900 : 844 } });
  return context.newPage();
}

describe('joining a business with its join code in a real browser', () => {
  const live = useProductInBrowser();

  it('types the code on the employer page, and follows the join link through sign-up and email verification', async () => {
    const stamp = Date.now();
    const ownerEmail = `join-owner.${stamp}@example.com`;
    await verifiedAccount(live.server, ownerEmail);
    const login = await api(live.server, null, 'POST', '/auth/login', { userId: ownerEmail, password: PASSWORD, strategy: 'password' });
    const created = await api(live.server, login.body.token, 'POST', '/v1/business-profiles', { name: 'Canopy Works' });
    expect(created.status).toBe(201);
    const { businessCode, joinCodes } = created.body.data as { businessCode: string; joinCodes: { employee: string } };

    // 1. Someone already signed in types the code on the employer page; the public code is refused.
    const typistEmail = `join-typist.${stamp}@example.com`;
    await verifiedAccount(live.server, typistEmail);
    const typist = await freshPage(live.browser, 390);
    const typistProblems = watchConsole(typist);
    await typist.goto(`${live.server.url}/login?next=/other/my-employer-account`, { waitUntil: 'networkidle' });
    await logIn(typist, typistEmail);
    await typist.getByTestId('no-employer').waitFor();
    await shot(typist, 'employer-join-field-390');
    await typist.getByLabel('Join code').fill(businessCode);
    await typist.getByRole('button', { name: 'Join', exact: true }).click();
    await typist.getByText('No business has this join code', { exact: false }).waitFor();
    await typist.getByLabel('Join code').fill(joinCodes.employee.toLowerCase());
    await typist.getByRole('button', { name: 'Join', exact: true }).click();
    await expectEmployee(typist, 'Canopy Works');

    // 2. A new person opens the join link, signs up there and verifies with the code in the popup.
    const popupEmail = `join-popup.${stamp}@example.com`;
    const newcomer = await freshPage(live.browser, 1280);
    const newcomerProblems = watchConsole(newcomer);
    await newcomer.goto(`${live.server.url}/login?JoinBusinessCode=${joinCodes.employee}`, { waitUntil: 'networkidle' });
    await signUp(newcomer, popupEmail);
    const code = /Your code: (\d{6})/.exec(await mailText(live.server, popupEmail))![1]!;
    const boxes = newcomer.getByRole('group', { name: 'Verification code' }).getByRole('textbox');
    await boxes.first().click();
    await newcomer.keyboard.type(code);
    await expectEmployee(newcomer, 'Canopy Works');
    expect(await newcomer.evaluate(() => localStorage.getItem('JoinBusinessCode'))).toBeNull();

    // 3. Another signs up through the link and verifies by the "Verify email" link in the email.
    const linkEmail = `join-link.${stamp}@example.com`;
    const linker = await freshPage(live.browser, 390);
    const linkerProblems = watchConsole(linker);
    await linker.goto(`${live.server.url}/login?JoinBusinessCode=${joinCodes.employee}`, { waitUntil: 'networkidle' });
    await signUp(linker, linkEmail);
    const verifyLink = /\/verify-account\?tk=[A-Za-z0-9_%.=&-]+/.exec(await mailText(live.server, linkEmail))![0];
    // The email's link carries the join (so it works in another browser too).
    expect(decodeURIComponent(verifyLink)).toContain(`JoinBusinessCode=${joinCodes.employee}`);
    await linker.goto(`${live.server.url}${verifyLink}`, { waitUntil: 'networkidle' });
    await expectEmployee(linker, 'Canopy Works');

    // The owner sees who joined with which code, on their business page.
    const owner = await freshPage(live.browser, 1280);
    const ownerProblems = watchConsole(owner);
    await owner.goto(`${live.server.url}/login?next=/other/my-business-account`, { waitUntil: 'networkidle' });
    await logIn(owner, ownerEmail);
    await owner.getByRole('heading', { name: 'Canopy Works', level: 1 }).waitFor();
    await expect.poll(() => owner.getByTestId('member-row').count()).toBe(3);
    for (const text of await owner.getByTestId('member-joined-with').allInnerTexts()) expect(text).toContain(`Joined with ${joinCodes.employee}`);
    // A new employee code: the old link stops working at once.
    await owner.getByRole('button', { name: 'Make a new employees code' }).click();
    await owner.getByRole('dialog').getByRole('button', { name: 'Make a new code' }).click();
    await expect.poll(async () => (await owner.getByTestId('join-code-employee').locator('code').innerText()).trim()).not.toBe(joinCodes.employee);
    await shot(owner, 'business-join-codes-1280');
    const stale = await api(live.server, login.body.token, 'GET', `/v1/business-profiles/me/${businessCode}`);
    expect(stale.body.data.joinCodes.employee).not.toBe(joinCodes.employee);

    expect(typistProblems.filter((problem) => !problem.includes('404'))).toEqual([]);
    expect(newcomerProblems).toEqual([]);
    expect(linkerProblems).toEqual([]);
    expect(ownerProblems).toEqual([]);
  });
});
