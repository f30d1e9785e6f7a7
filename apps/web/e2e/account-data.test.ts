import { describe, expect, it } from 'vitest';
import { PASSWORD, registerVerified } from '../../api/test/auth-helpers.ts';
import { certificatesOfOrder, insertOrderWithLines, issue } from '../../api/test/certificate-helpers.ts';
import { watchConsole } from './support/browser.ts';
import { useProductInBrowser } from './support/journey.ts';

/** Where to leave screenshots of the section and the dialog (SCREENSHOT_DIR=…), for a person to look at. */
const shots = process.env.SCREENSHOT_DIR;

/**
 * Issue 25 from the account page: "Download my data" saves one JSON file with the person's data,
 * and "Delete my account" (password, reviews choice, typed confirmation) signs them out for good
 * while their certificate keeps verifying.
 */
describe('your data on the account page, in a real browser', () => {
  const live = useProductInBrowser();

  it('downloads the export, then deletes the account by keyboard (at 1280 and 390 px)', async () => {
    const app = live.server.app;
    const offset = app.catalog.snapshot().products.find((product) => product.kind === 'offset')!;
    const buyer = await registerVerified(app, { firstName: 'Marigold', lastName: 'Thistlewood' });
    const orderId = await insertOrderWithLines(app, { userId: buyer.user._id, lines: [{ productId: offset.id, quantity: 2 }] });
    await issue(app, orderId);
    const [{ serial }] = await certificatesOfOrder(app, orderId);

    const page = await live.browser.newPage({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
    const problems = watchConsole(page);
    await page.goto(`${live.server.url}/login`);
    await page.getByLabel('Email').fill(buyer.email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await page.getByRole('button', { name: 'Marigold, account menu' }).waitFor();

    await page.goto(`${live.server.url}/account#your-data`);
    const section = page.locator('#your-data');
    await section.getByRole('button', { name: 'Download my data' }).waitFor();
    if (shots) await section.screenshot({ path: `${shots}/your-data-1280.png` });

    const [file] = await Promise.all([page.waitForEvent('download'), section.getByRole('button', { name: 'Download my data' }).click()]);
    expect(file.suggestedFilename()).toMatch(/^carbonwise-data-\d{4}-\d{2}-\d{2}\.json$/);
    const text = await new Promise<string>((resolve, reject) => {
      void file.createReadStream().then((stream) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
        stream.on('error', reject);
      });
    });
    const data = JSON.parse(text);
    expect(data.profile).toMatchObject({ email: buyer.email, firstName: 'Marigold', lastName: 'Thistlewood' });
    expect(data.certificates.map((c: { serial: string }) => c.serial)).toEqual([serial]);
    await page.getByText('Your data is downloading').waitFor();

    // On a phone's width, by keyboard: open the dialog, answer, confirm.
    await page.setViewportSize({ width: 390, height: 844 });
    const open = section.getByRole('button', { name: 'Delete my account' });
    await open.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await dialog.waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const confirm = dialog.getByRole('button', { name: 'Delete my account' });
    expect(await confirm.isDisabled()).toBe(true);

    // A wrong password is answered in the dialog, which stays open.
    await dialog.getByLabel('Password').fill('not-the-password');
    await dialog.getByLabel('Type DELETE to confirm').fill('DELETE');
    await confirm.click();
    await dialog.getByText('Your password is not correct').waitFor();
    if (shots) await page.screenshot({ path: `${shots}/delete-dialog-390.png` });

    await dialog.getByLabel('Password').fill(PASSWORD);
    await dialog.getByLabel('Delete them').check();
    await dialog.getByLabel('Type DELETE to confirm').focus();
    await page.keyboard.press('Enter');
    await page.getByText('Your account has been deleted').waitFor();
    // Signed out, at home: never the sign-in page the account page's guard sends a signed-out visitor to.
    await page.waitForURL((url) => url.pathname === '/');
    await page.locator('a.site-header__account', { hasText: 'Log in' }).waitFor({ state: 'attached' });
    expect((await page.context().cookies()).find((c) => c.name === 'JWTToken')?.value ?? '').toBe('');

    // The old password opens nothing; the certificate still verifies.
    await page.goto(`${live.server.url}/login`);
    await page.getByLabel('Email').fill(buyer.email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await page.getByRole('alert').first().waitFor();
    expect(page.url()).toContain('/login');
    const verified = await (await fetch(`${live.server.url}/api/v1/certificates/${serial}`)).json();
    expect(verified.data).toMatchObject({ serial, status: 'valid' });
    expect(problems.filter((p) => !/401|400|Failed to load resource/.test(p))).toEqual([]);
  });

  it('shows the dialog at desktop width', async () => {
    const app = live.server.app;
    const someone = await registerVerified(app, { firstName: 'Rowan', lastName: 'Ashdown' });
    const page = await live.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${live.server.url}/login`);
    await page.getByLabel('Email').fill(someone.email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await page.getByRole('button', { name: 'Rowan, account menu' }).waitFor();
    await page.goto(`${live.server.url}/account#your-data`);
    await page.locator('#your-data').getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await dialog.waitFor();
    if (shots) await page.screenshot({ path: `${shots}/delete-dialog-1280.png` });
    // Escape backs out and the account stays.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect((await page.context().cookies()).find((c) => c.name === 'JWTToken')?.value).toBeTruthy();
  });
});
