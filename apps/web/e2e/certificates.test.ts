import { describe, expect, it } from 'vitest';
import { PASSWORD, registerVerified } from '../../api/test/auth-helpers.ts';
import { certificatesOfOrder, insertOrderWithLines, issue } from '../../api/test/certificate-helpers.ts';
import { watchConsole } from './support/browser.ts';
import { useProductInBrowser } from './support/journey.ts';

/**
 * A buyer's certificate, from the account page to its public page. Paid orders come from the
 * checkout (another issue): the test writes one straight into the server's database and issues
 * its certificates as the paying transaction will (apps/api/test/certificate-helpers.ts).
 */
describe('retirement certificates in a real browser', () => {
  const live = useProductInBrowser();

  it('the account lists the certificate, downloads its PDF, and anyone can verify its serial (at 390 px too)', async () => {
    const app = live.server.app;
    const offset = app.catalog.snapshot().products.find((product) => product.kind === 'offset')!;
    const buyer = await registerVerified(app, { firstName: 'Ada', lastName: 'Greenwood' });
    const orderId = await insertOrderWithLines(app, { userId: buyer.user._id, lines: [{ productId: offset.id, quantity: 4 }] });
    await issue(app, orderId);
    const [{ serial }] = await certificatesOfOrder(app, orderId);

    const page = await live.browser.newPage({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
    const problems = watchConsole(page);
    await page.goto(`${live.server.url}/login`);
    await page.getByLabel('Email').fill(buyer.email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await page.getByRole('button', { name: 'Ada, account menu' }).waitFor();
    // The rest on a phone's width.
    await page.setViewportSize({ width: 390, height: 844 });

    await page.goto(`${live.server.url}/account#certificates`);
    const section = page.locator('#certificates');
    await section.getByText(serial).waitFor();
    expect(await section.innerText()).toContain('4 tonnes CO₂e');
    expect(await section.innerText()).toContain(offset.name);

    // The download is a link reached by keyboard; Enter fetches the PDF with the session.
    const download = section.getByRole('link', { name: `Download PDF of certificate ${serial}` });
    await download.focus();
    const [file] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
    expect(file.suggestedFilename()).toBe(`${serial}.pdf`);
    const bytes = await new Promise<Buffer>((resolve, reject) => {
      void file.createReadStream().then((stream) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => resolve(Buffer.concat(chunks)));
        stream.on('error', reject);
      });
    });
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(bytes.toString('latin1')).toContain(serial);

    // Nothing of the section spills sideways at 390 px.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // Verify opens the public page; a visitor without a session sees the same.
    await section.getByRole('link', { name: `Verify certificate ${serial}` }).click();
    await page.getByText('Verified certificate').waitFor();
    expect(await page.locator('h1').innerText()).toBe('Certificate of carbon offset retirement');
    const visitor = await live.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await visitor.goto(`${live.server.url}/certificates/${serial}`);
    await visitor.getByText('Verified certificate').waitFor();
    const shown = await visitor.locator('main').innerText();
    for (const expected of [serial, '4 tonnes CO₂e', 'Ada Greenwood', offset.name]) expect(shown).toContain(expected);
    expect(shown).not.toContain(buyer.email);

    await visitor.goto(`${live.server.url}/certificates/GMC-2026-2222-3333-4444`);
    await visitor.getByRole('heading', { name: 'No certificate has this serial' }).waitFor();

    // The unknown serial's lookup is an expected 404.
    expect(problems.filter((problem) => !problem.startsWith('Failed to load resource: the server responded with a status of 404'))).toEqual([]);
    await visitor.close();
    await page.close();
  });
});
