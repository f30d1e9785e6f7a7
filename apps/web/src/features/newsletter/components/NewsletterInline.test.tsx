import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NewsletterInline } from './NewsletterInline.tsx';
import { NEWSLETTER_POPUP_FLAG } from '../popup-flag.ts';
import { cleanup, render } from '../../../test/render.tsx';
import { flush, getButton, json, stubApi, submit, typeInto } from '../../../test/dom.ts';

function renderInline() {
  const { container } = render(<NewsletterInline />);
  const form = container.querySelector('form')!;
  const input = form.querySelector('input')!;
  const status = form.querySelector('[role="status"]')!;
  const send = async (email: string) => {
    typeInto(input, email);
    submit(form);
    await flush();
  };
  return { container, form, input, status, send };
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('NewsletterInline', () => {
  it('has the spec placeholder and an arrow button named "Subscribe"', () => {
    const { form, input } = renderInline();
    expect(input.placeholder).toBe('Your Email Address *');
    const button = getButton(form, 'Subscribe');
    expect(button.type).toBe('submit');
    expect(button.textContent).toBe('');
  });

  it("says 'Please enter a valid email' in red for an invalid email, and sends nothing", async () => {
    const api = stubApi({});
    const { input, status, send } = renderInline();
    await send('not-an-email');
    expect(status.textContent).toBe('Please enter a valid email');
    expect(status.className).toContain('newsletter-status--error');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(api.calls).toHaveLength(0);
  });

  it('shows "sending" while the call is out, then the server message in green (200), with the address normalised', async () => {
    let answer!: (response: Response) => void;
    const api = stubApi({ 'POST /api/v1/mailing-lists': () => new Promise<Response>((resolve) => (answer = resolve)) });
    const { form, status, send } = renderInline();
    await send('  Ada@Example.COM ');
    expect(status.getAttribute('data-status')).toBe('sending');
    expect(status.textContent).toBe('Sending…');
    expect(getButton(form, 'Subscribe').disabled).toBe(true);
    answer(json(200, { success: true, message: 'Please check your inbox.', existingUser: false }));
    await flush();
    expect(api.calls[0]!.body).toEqual({ email: 'ada@example.com' });
    expect(status.textContent).toBe('Please check your inbox.');
    expect(status.className).toContain('newsletter-status--success');
    // Subscribed inline: the popup need not ask again.
    expect(localStorage.getItem(NEWSLETTER_POPUP_FLAG)).not.toBeNull();
  });

  it.each([
    [201, 'You are subscribed to our newsletter. Welcome aboard!'],
    [409, 'We have already sent you a confirmation email.'],
    [200, 'You are already subscribed to our newsletter.'],
  ])('shows the server message in green for %i', async (code, message) => {
    stubApi({ 'POST /api/v1/mailing-lists': () => json(code, { success: code !== 409, message, existingUser: code === 200 }) });
    const { status, send } = renderInline();
    await send('ada@example.com');
    expect(status.textContent).toBe(message);
    expect(status.className).toContain('newsletter-status--success');
  });

  it.each([
    [429, 'Too many requests. Please try again in 1 minute.'],
    [500, 'Something went wrong on our side. Please try again.'],
    [400, 'Please enter a valid email'],
  ])('shows the server message in red for %i', async (code, message) => {
    stubApi({ 'POST /api/v1/mailing-lists': () => json(code, { success: false, message, code: 'X' }) });
    const { status, send } = renderInline();
    await send('ada@example.com');
    expect(status.textContent).toBe(message);
    expect(status.className).toContain('newsletter-status--error');
    expect(localStorage.getItem(NEWSLETTER_POPUP_FLAG)).toBeNull();
  });

  it('says so in red when the server cannot be reached', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    const { status, send } = renderInline();
    await send('ada@example.com');
    expect(status.className).toContain('newsletter-status--error');
    expect(status.textContent).toMatch(/could not reach the server/);
  });
});
