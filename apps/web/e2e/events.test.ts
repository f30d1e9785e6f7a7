import { describe, expect, it } from 'vitest';
import { watchConsole } from './support/browser.ts';
import { useProductInBrowser } from './support/journey.ts';
import { logIn, verifiedAccount } from './support/accounts.ts';

/** A 1×1 PNG: the event image the owner uploads. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const SHOTS = process.env.SCREENSHOT_DIR;

/**
 * Business events in a real browser: an owner creates a business and an event with an image; a
 * second person joins the business by its link, opens the event by its conference code, joins it
 * and records a footprint; the owner's live view shows them with their footprint. No console
 * errors or failed requests on either page.
 */
describe('business events in a real browser', () => {
  const live = useProductInBrowser();


  it('creates an event, a member joins it by conference code and records a footprint, the owner sees both live', async () => {
    const stamp = Date.now();
    const ownerEmail = `events.owner.${stamp}@example.com`;
    const joinerEmail = `events.joiner.${stamp}@example.com`;
    await verifiedAccount(live.server, ownerEmail);
    await verifiedAccount(live.server, joinerEmail);

    // The owner creates a business, then an event with an image.
    const owner = await live.browser.newPage({ viewport: { width: 1280, height: 900 } });
    const ownerProblems = watchConsole(owner);
    await owner.goto(`${live.server.url}/login?next=/other/my-business-account`, { waitUntil: 'networkidle' });
    await logIn(owner, ownerEmail);
    await owner.getByRole('heading', { name: 'Create your business account' }).waitFor();
    await owner.getByLabel('Business name *').fill('Greenleaf Trading');
    await owner.getByRole('button', { name: 'Create business account' }).click();
    await owner.getByRole('heading', { name: 'Greenleaf Trading', level: 1 }).waitFor();
    const businessCode = (await owner.getByTestId('join-code-employee').locator('code').innerText()).trim();

    await owner.goto(`${live.server.url}/account/events`, { waitUntil: 'networkidle' });
    await owner.getByTestId('no-events').waitFor();
    await owner.getByRole('button', { name: 'New event' }).click();
    await owner.getByLabel('Event name *').fill('Climate Summit 2026');
    await owner.getByLabel('Starts *').fill('2026-05-04');
    await owner.getByLabel('Ends *').fill('2026-05-05');
    await owner.getByLabel('Location').fill('ExCeL, London');
    await owner.getByRole('combobox', { name: 'Country' }).fill('United King');
    await owner.getByRole('option', { name: 'United Kingdom' }).click();
    await owner.getByLabel('Expected attendees').fill('250');
    await owner.getByLabel(/^Image/).setInputFiles({ name: 'poster.png', mimeType: 'image/png', buffer: PNG });
    await owner.getByRole('button', { name: 'Create event' }).click();
    await owner.getByTestId('event-row').waitFor();
    const conferanceCode = (await owner.getByTestId('conferance-code').innerText()).trim();
    expect(conferanceCode).toMatch(/^CLIMATESUM-[2-9A-Z]{6}$/);
    expect(await owner.getByTestId('event-row').locator('img').getAttribute('src')).toMatch(/^\/uploads\/[a-f0-9]{32}\.png$/);

    // The joiner joins the business by its link, then the event by its conference code.
    const joiner = await live.browser.newPage({ viewport: { width: 390, height: 844 } });
    const joinerProblems = watchConsole(joiner);
    await joiner.goto(`${live.server.url}/login?JoinBusinessCode=${businessCode}`, { waitUntil: 'networkidle' });
    await logIn(joiner, joinerEmail);
    await joiner.waitForURL(/\/other\/my-employer-account$/);
    await joiner.getByTestId('membership').waitFor();

    await joiner.goto(`${live.server.url}/account/events`, { waitUntil: 'networkidle' });
    await joiner.getByTestId('employer-event').waitFor();
    await joiner.getByLabel('Conference code').fill(conferanceCode.toLowerCase());
    await joiner.getByRole('button', { name: 'Open event' }).click();
    await joiner.waitForURL(new RegExp(`/events/${conferanceCode}$`));
    await joiner.getByRole('heading', { name: 'Climate Summit 2026', level: 1 }).waitFor();
    await joiner.getByRole('button', { name: 'Join this event' }).click();
    await joiner.getByTestId('joined').waitFor();
    expect(await joiner.getByTestId('attendee-count').innerText()).toContain('1 of 250 expected');

    await joiner.getByLabel('Journey 1: how').selectOption('rail');
    await joiner.getByLabel('Journey 1: distance (km, one way)').fill('120');
    await joiner.getByLabel('Nights').fill('2');
    await joiner.getByRole('combobox', { name: 'Hotel country' }).fill('United King');
    await joiner.getByRole('option', { name: 'United Kingdom' }).click();
    await joiner.getByLabel('Vegetarian').fill('3');
    await joiner.getByRole('button', { name: 'Record my footprint' }).click();
    await joiner.getByTestId('my-footprint').waitFor();
    const mine = await joiner.getByTestId('my-footprint').innerText();
    expect(mine).toMatch(/your footprint was recorded/i);
    expect(mine).toMatch(/\d+ kg CO2e/);
    if (SHOTS) await joiner.screenshot({ path: `${SHOTS}/event-page-390.png`, fullPage: true });

    // The owner's live view shows the attendee and their footprint without a reload.
    await owner.getByRole('button', { name: 'Live footprint' }).click();
    await owner.getByTestId('event-live').waitFor();
    await expect.poll(() => owner.getByTestId('live-attendee').count(), { timeout: 15_000 }).toBe(1);
    const row = await owner.getByTestId('live-attendee').innerText();
    expect(row).toContain(joinerEmail);
    expect(row).toMatch(/\d+ kg CO2e/);
    expect(await owner.getByTestId('live-total').innerText()).toMatch(/\d+ kg CO2e/);
    await expect.poll(() => owner.getByTestId('event-row').locator('.ev-row__text').innerText()).toMatch(/1 joined of 250 expected · 1 footprint · \d+ kg CO2e/);
    if (SHOTS) await owner.screenshot({ path: `${SHOTS}/owner-events-1280.png`, fullPage: true });

    // The member's footprint is theirs after a reload too.
    await joiner.reload({ waitUntil: 'networkidle' });
    await joiner.getByTestId('my-footprint').waitFor();
    expect(await joiner.getByTestId('my-footprint').innerText()).toMatch(/your recorded footprint/i);
    await joiner.goto(`${live.server.url}/account/events`, { waitUntil: 'networkidle' });
    expect(await joiner.getByTestId('employer-event-mine').innerText()).toMatch(/^Your footprint: \d+ kg CO2e$/);

    if (SHOTS) {
      await joiner.setViewportSize({ width: 1280, height: 900 });
      await joiner.screenshot({ path: `${SHOTS}/event-page-1280.png`, fullPage: true });
      await owner.setViewportSize({ width: 390, height: 844 });
      await owner.getByRole('button', { name: 'Edit Climate Summit 2026' }).click();
      await owner.screenshot({ path: `${SHOTS}/owner-events-390.png`, fullPage: true });
    }

    expect(ownerProblems).toEqual([]);
    expect(joinerProblems).toEqual([]);
  });
});
