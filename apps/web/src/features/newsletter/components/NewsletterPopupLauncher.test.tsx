import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NewsletterPopupLauncher } from './NewsletterPopupLauncher.tsx';
import { NEWSLETTER_POPUP_FLAG } from '../popup-flag.ts';
import { cleanup, render } from '../../../test/render.tsx';
// Loaded up front, so the lazy popup resolves within the test's flushes.
import './NewsletterPopup.tsx';

const popupShown = () => document.body.querySelector('[role="dialog"]') !== null;

/** Lets timers, the lazy import and React's updates run for up to `ms` (until `done`, if given). */
async function settle(ms = 300, done: () => boolean = () => false) {
  const until = Date.now() + ms;
  while (Date.now() < until && !done()) {
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 10));
    });
  }
}

/** happy-dom reports itself as automated (navigator.webdriver), like Playwright; a person's browser does not. */
const setAutomated = (automated: boolean) => Object.defineProperty(navigator, 'webdriver', { configurable: true, get: () => automated });

beforeEach(() => {
  localStorage.clear();
  setAutomated(false);
});
afterEach(() => {
  cleanup();
  setAutomated(true);
});

describe('NewsletterPopupLauncher', () => {
  it('opens the popup only after the delay, and once per visitor', async () => {
    render(<NewsletterPopupLauncher delayMs={400} />);
    await settle(100);
    expect(popupShown()).toBe(false);
    await settle(3000, popupShown);
    expect(popupShown()).toBe(true);
    expect(localStorage.getItem(NEWSLETTER_POPUP_FLAG)).not.toBeNull();

    cleanup();
    render(<NewsletterPopupLauncher delayMs={10} />);
    await new Promise((resolve) => setTimeout(resolve, 40));
    await settle();
    expect(popupShown()).toBe(false);
  });

  it('never opens in an automated browser (crawlers, other pages\' browser tests)', async () => {
    setAutomated(true);
    render(<NewsletterPopupLauncher delayMs={10} />);
    await new Promise((resolve) => setTimeout(resolve, 40));
    await settle();
    expect(popupShown()).toBe(false);
    expect(localStorage.getItem(NEWSLETTER_POPUP_FLAG)).toBeNull();
  });

  it('never opens for a visitor who already subscribed inline', async () => {
    localStorage.setItem(NEWSLETTER_POPUP_FLAG, 'subscribed');
    render(<NewsletterPopupLauncher delayMs={10} />);
    await new Promise((resolve) => setTimeout(resolve, 40));
    await settle();
    expect(popupShown()).toBe(false);
  });
});
