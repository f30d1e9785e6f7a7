import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NewsletterPopupLauncher } from './NewsletterPopupLauncher.tsx';
import { NEWSLETTER_POPUP_FLAG } from '../popup-flag.ts';
import { cleanup, render } from '../../../test/render.tsx';
// Loaded up front, so the lazy popup resolves within the test's flushes.
import './NewsletterPopup.tsx';

const popupShown = () => document.body.querySelector('[role="dialog"]') !== null;

async function settle() {
  for (let i = 0; i < 20; i += 1) {
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
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
    render(<NewsletterPopupLauncher delayMs={50} />);
    expect(popupShown()).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 80));
    await settle();
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
