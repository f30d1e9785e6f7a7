import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NewsletterPopup } from './NewsletterPopup.tsx';
import { cleanup, click, render } from '../../../test/render.tsx';
import { flush, getButton, getByLabel, json, stubApi, submit, typeInto } from '../../../test/dom.ts';

const dialog = () => document.body.querySelector<HTMLElement>('[role="dialog"]')!;

function renderPopup() {
  const onClosed = vi.fn();
  render(<NewsletterPopup onClosed={onClosed} />);
  const send = async (email: string) => {
    typeInto(getByLabel(dialog(), 'Email Address *'), email);
    submit(dialog().querySelector('form')!);
    await flush();
  };
  return { onClosed, send };
}

const answers = (code: number, body: Record<string, unknown>) => stubApi({ 'POST /api/v1/mailing-lists': () => json(code, body) });

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('NewsletterPopup', () => {
  it('invites to sign up with the spec texts: heading, label, invitation and SUBSCRIBE', () => {
    renderPopup();
    expect(dialog().querySelector('h2')!.textContent).toBe('Subscribe to our newsletter');
    expect(dialog().textContent).toContain('Be the first one to get cutting-edge insights on Sustainability, delivered to your inbox');
    const input = getByLabel(dialog(), 'Email Address *');
    expect(input.placeholder).toBe('Your Email Address *');
    expect(getButton(dialog(), 'SUBSCRIBE').type).toBe('submit');
    expect(document.activeElement).toBe(input);
  });

  it('marks the field invalid for an invalid email and stays on the form', async () => {
    const api = answers(200, {});
    const { send } = renderPopup();
    await send('ada@');
    expect(getByLabel(dialog(), 'Email Address *').getAttribute('aria-invalid')).toBe('true');
    expect(dialog().querySelector('[role="status"]')!.textContent).toBe('Please enter a valid email');
    expect(api.calls).toHaveLength(0);
  });

  it('a new subscriber (200) gets the verify step: Verified, I\'ll verify it later, and a resend link that asks again', async () => {
    const api = answers(200, { success: true, message: 'Please check your inbox.', existingUser: false });
    const { send } = renderPopup();
    await send('ada@example.com');
    expect(dialog().querySelector('h2')!.textContent).toBe('Please verify your email');
    expect(dialog().querySelector('.newsletter-status--success')!.textContent).toBe('Please check your inbox.');
    getButton(dialog(), 'Verified');
    getButton(dialog(), "I'll verify it later");
    click(getButton(dialog(), 'Resend link'));
    await flush();
    expect(api.calls).toHaveLength(2);
    expect(api.calls[1]!.body).toEqual({ email: 'ada@example.com' });
    getButton(dialog(), 'Verified'); // still the verify step
  });

  it.each([
    [200, { success: true, message: 'You are already subscribed to our newsletter.', existingUser: true }],
    [409, { success: false, code: 'NEWSLETTER_CONFIRMATION_PENDING', message: 'We have already sent you a confirmation email.' }],
    [201, { success: true, message: 'You are subscribed to our newsletter. Welcome aboard!', existingUser: false }],
  ])('%i with %j leads to the OK-only state with the message in green', async (code, body) => {
    answers(code, body);
    const { send } = renderPopup();
    await send('ada@example.com');
    expect(dialog().querySelector('.newsletter-status--success')!.textContent).toBe(body.message);
    getButton(dialog(), 'OK');
    expect(() => getButton(dialog(), 'Verified')).toThrow();
  });

  it('shows other statuses in red and stays on the form', async () => {
    answers(429, { success: false, code: 'RATE_LIMITED', message: 'Too many requests.' });
    const { send } = renderPopup();
    await send('ada@example.com');
    expect(dialog().querySelector('.newsletter-status--error')!.textContent).toBe('Too many requests.');
    getButton(dialog(), 'SUBSCRIBE');
  });

  it('fades out for 1 s before it closes', async () => {
    answers(200, { success: true, message: 'Already.', existingUser: true });
    const { send, onClosed } = renderPopup();
    await send('ada@example.com');
    vi.useFakeTimers();
    click(getButton(dialog(), 'OK'));
    expect(dialog().querySelector('.newsletter-popup--closing')).not.toBeNull();
    vi.advanceTimersByTime(999);
    expect(onClosed).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onClosed).toHaveBeenCalledTimes(1);
  });

  it('closing with the corner button fades too', () => {
    const { onClosed } = renderPopup();
    vi.useFakeTimers();
    click(getButton(dialog(), 'Close'));
    expect(dialog().querySelector('.newsletter-popup--closing')).not.toBeNull();
    vi.advanceTimersByTime(1000);
    expect(onClosed).toHaveBeenCalledTimes(1);
  });
});
