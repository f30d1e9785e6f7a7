import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { watchConsole } from './support/browser.ts';
import { useProductInBrowser } from './support/journey.ts';
import { logIn, verifiedAccount } from './support/accounts.ts';

/**
 * Business accounts in a real browser (issue 11): an owner creates a business, a second person
 * opens its join link, signs in, joins once and lands on the employer page; the owner sees them
 * among the members and removes them.
 */
/** With SCREENSHOT_DIR set, keeps full-page pictures of the business pages to look at. */
async function screenshot(page: Page, name: string) {
  if (process.env.SCREENSHOT_DIR) await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/${name}.png`, fullPage: true });
}

describe('business accounts in a real browser', () => {
  const live = useProductInBrowser();


  it('creates a business, shares its join link, and the joiner lands on the employer page and shows among the members', async () => {
    const stamp = Date.now();
    const ownerEmail = `owner.${stamp}@example.com`;
    const joinerEmail = `joiner.${stamp}@example.com`;
    await verifiedAccount(live.server, ownerEmail);
    await verifiedAccount(live.server, joinerEmail);

    const owner = await live.browser.newPage({ viewport: { width: 1280, height: 900 } });
    const ownerProblems = watchConsole(owner);
    await owner.goto(`${live.server.url}/login?next=/other/my-business-account`, { waitUntil: 'networkidle' });
    await logIn(owner, ownerEmail);
    await owner.getByRole('heading', { name: 'Create your business account' }).waitFor();
    await owner.getByLabel('Business name *').fill('Greenleaf Trading');
    await owner.getByLabel('Industry').fill('Forestry');
    await owner.getByRole('button', { name: 'Create business account' }).click();
    await owner.getByRole('heading', { name: 'Greenleaf Trading', level: 1 }).waitFor();
    const code = (await owner.getByTestId('join-code-employee').locator('code').innerText()).trim();
    expect(code).toMatch(/^GREENLEAFT-EMP-[2-9A-Z]{8}$/);
    await owner.getByText('No members yet.', { exact: false }).waitFor();
    await screenshot(owner, 'business-owner-1280');
    // The owner's page gathers the business's sections as tabs (one at a time, named in the address).
    const sections = owner.getByRole('tablist', { name: 'Business account sections' });
    await sections.getByRole('tab', { name: 'Events' }).click();
    await owner.getByRole('heading', { name: 'Events', level: 2 }).waitFor();
    expect(owner.url()).toContain('section=events');
    await sections.getByRole('tab', { name: 'Shop page' }).click();
    await owner.getByRole('heading', { name: 'Create your shop page', level: 2 }).waitFor();
    await sections.getByRole('tab', { name: 'Carbon' }).click();
    await owner.getByRole('heading', { name: 'Carbon footprint', level: 2 }).waitFor();
    await sections.getByRole('tab', { name: 'Team' }).click();

    // The joiner opens the link the owner shares, signs in, and lands on the employer page.
    const joiner = await live.browser.newPage({ viewport: { width: 390, height: 844 } });
    const joinerProblems = watchConsole(joiner);
    await joiner.goto(`${live.server.url}/login?JoinBusinessCode=${code}`, { waitUntil: 'networkidle' });
    await logIn(joiner, joinerEmail);
    await joiner.waitForURL(/\/other\/my-employer-account$/);
    await joiner.getByTestId('membership').getByRole('heading', { name: 'Greenleaf Trading' }).waitFor();
    expect(await joiner.getByTestId('membership').innerText()).toContain('You are an employee');
    await joiner.getByRole('heading', { name: "Your employer's events", level: 2 }).waitFor();
    await screenshot(joiner, 'business-employer-390');
    expect(await joiner.evaluate(() => localStorage.getItem('JoinBusinessCode'))).toBeNull();
    // The member's stored details name the public code, never the join code they used (issue 23 item 1).
    const joinedDetails = (await joiner.evaluate(() => localStorage.getItem('JoinedBusinessDetails')))!;
    expect(JSON.parse(joinedDetails).businessId.businessCode).toMatch(/^GREENLEAFT-[2-9A-Z]{6}$/);
    expect(joinedDetails).not.toContain(code);

    // The owner sees the new member with the figures, and removes them.
    await owner.reload({ waitUntil: 'networkidle' });
    await expect.poll(() => owner.getByTestId('member-row').count()).toBe(1);
    expect(await owner.getByTestId('member-row').innerText()).toContain(joinerEmail);
    expect(await owner.getByTestId('member-stats').innerText()).toMatch(/Active members\s*1/);
    await owner.getByRole('button', { name: 'Remove Ada Green' }).click();
    await owner.getByRole('dialog').getByRole('button', { name: 'Remove member' }).click();
    await expect.poll(() => owner.getByTestId('member-row').innerText()).toContain('Removed');

    await joiner.reload({ waitUntil: 'networkidle' });
    await joiner.getByTestId('no-employer').waitFor();
    expect(ownerProblems).toEqual([]);
    expect(joinerProblems).toEqual([]);
  });
});
