import { describe, expect, it } from 'vitest';
import { watchConsole } from './support/browser.ts';
import { useProductInBrowser } from './support/journey.ts';
import { logIn, verifiedAccount } from './support/accounts.ts';

/**
 * Giving an offset (issue 27 item 1): the giver makes an offset line a gift at checkout, places
 * the order, and the recipient opens the link from their email, signs in and claims it.
 */
describe('a gift from checkout to claim', () => {
  const live = useProductInBrowser();

  it('gives an offset at checkout, mails the recipient, and the recipient claims it', async () => {
    const stamp = Date.now();
    const giverEmail = `giver.${stamp}@example.com`;
    const recipientEmail = `robin.${stamp}@example.com`;
    await verifiedAccount(live.server, giverEmail);
    await verifiedAccount(live.server, recipientEmail, { firstName: 'Robin', lastName: 'Leaf' });
    const page = await live.browser.newPage({ viewport: { width: 1280, height: 900 } });
    const problems = watchConsole(page);

    await page.goto(`${live.server.url}/login`, { waitUntil: 'networkidle' });
    await logIn(page, giverEmail);
    await page.getByRole('button', { name: 'Ada, account menu' }).waitFor();
    await page.goto(`${live.server.url}/products?kind=offset`, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Add to cart' }).nth(0).click();
    await expect.poll(() => page.getByTestId('cart-count').innerText()).toBe('1');

    await page.goto(`${live.server.url}/other/checkout`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: 'Gifts' }).waitFor();
    // Keyboard only: tab to the toggle, space opens the gift form.
    const toggle = page.getByRole('checkbox', { name: /as a gift/ });
    await toggle.focus();
    await page.keyboard.press('Space');
    await page.getByLabel("Recipient's name").waitFor();
    // Saving an empty gift: the messages sit by the fields.
    await page.getByRole('button', { name: 'Save gift' }).click();
    await page.getByText("Enter the recipient's name").waitFor();
    await page.getByText("Enter the recipient's email address").waitFor();
    await page.getByLabel("Recipient's name").fill('Robin Leaf');
    await page.getByLabel("Recipient's email").fill(recipientEmail);
    await page.getByLabel('Message (optional)').fill('Happy birthday, Robin!');
    await page.getByRole('button', { name: 'Save gift' }).click();
    await page.getByText('This offset is now a gift to Robin Leaf').waitFor();
    await page.screenshot({ path: '/tmp/gift-checkout-1280.png', fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: '/tmp/gift-checkout-390.png', fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });

    await page.getByLabel('Street address').fill('1 Leaf Lane');
    await page.getByLabel('City').fill('Bristol');
    await page.getByLabel('Postal code').fill('BS1 4DJ');
    await page.getByRole('combobox', { name: 'Country' }).fill('United Kingdom');
    await page.getByRole('option', { name: 'United Kingdom' }).waitFor();
    await page.getByRole('combobox', { name: 'Country' }).press('Enter');
    await page.getByRole('button', { name: /^Place order/ }).click();
    await page.waitForURL(/\/other\/checkout\/complete\//);
    await page.getByTestId('order-line-gift').getByText('Given to Robin Leaf').waitFor();

    await page.goto(`${live.server.url}/account/orders`, { waitUntil: 'networkidle' });
    await page.getByTestId('order-row-gift').getByText('Given to Robin Leaf').first().waitFor();

    // The recipient's email, as the test mailbox holds it.
    await live.server.app.mail.flush();
    const outbox = await (await fetch(`${live.server.url}/api/dev/outbox?to=${encodeURIComponent(recipientEmail)}`)).json();
    const mail = outbox.data.find((m: { template: string }) => m.template === 'gift-received');
    expect(mail.status).toBe('sent');
    expect(mail.text).toContain('Happy birthday, Robin!');
    const link = /(http\S+\/gifts\/[A-Za-z0-9_-]{43})/.exec(mail.text)![1];

    // The recipient, in a fresh browser session, opens the link and signs in to claim.
    const context = await live.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const recipient = await context.newPage();
    const recipientProblems = watchConsole(recipient);
    await recipient.goto(link.replace(/^https?:\/\/[^/]+/, live.server.url), { waitUntil: 'networkidle' });
    await recipient.getByRole('heading', { name: 'Ada Green gave you a carbon offset' }).waitFor();
    await recipient.getByText('Happy birthday, Robin!').waitFor();
    await recipient.screenshot({ path: '/tmp/gift-claim-1280.png', fullPage: true });
    await recipient.setViewportSize({ width: 390, height: 844 });
    await recipient.screenshot({ path: '/tmp/gift-claim-390.png', fullPage: true });
    await recipient.setViewportSize({ width: 1280, height: 900 });
    await recipient.getByRole('link', { name: 'Sign in to claim' }).click();
    await recipient.waitForURL(/\/login\?/);
    await logIn(recipient, recipientEmail);
    await recipient.waitForURL(/\/gifts\//);
    await recipient.getByRole('button', { name: /^Claim / }).click();
    await recipient.getByTestId('gift-claimed').waitFor();
    await recipient.getByText(/^Gift claimed/).waitFor();

    await page.reload({ waitUntil: 'networkidle' });
    await page.getByTestId('order-row-gift').first().waitFor();
    expect(problems.filter((p) => !p.startsWith('Failed to load resource'))).toEqual([]);
    expect(recipientProblems.filter((p) => !p.startsWith('Failed to load resource'))).toEqual([]);
    await context.close();
    await page.close();
  });
});
