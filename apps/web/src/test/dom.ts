import { act } from 'react';
import { vi, type Mock } from 'vitest';

/**
 * Event helpers for components under test (happy-dom). React tracks an input's value itself, so
 * typing goes through the native value setter before the input event, as a browser does.
 */
const valueSetter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;

export function typeInto(input: Element, value: string): void {
  act(() => {
    valueSetter.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

export function pressKey(target: Element, key: string): void {
  act(() => {
    target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
  });
}

export function paste(target: Element, text: string): void {
  act(() => {
    const event = new Event('paste', { bubbles: true, cancelable: true });
    Object.defineProperty(event, 'clipboardData', { value: { getData: () => text } });
    target.dispatchEvent(event);
  });
}

export function submit(form: Element): void {
  act(() => {
    form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
  });
}

export function blur(input: Element): void {
  act(() => {
    input.dispatchEvent(new FocusEvent('focusout', { bubbles: true }));
  });
}

/** Lets pending promises (fetch mocks, state updates) settle inside act(). */
export async function flush(times = 8): Promise<void> {
  for (let i = 0; i < times; i++) {
    await act(async () => {
      await Promise.resolve();
    });
  }
}

/** The input labelled exactly `text` (by <label for>, or by aria-label). */
export function getByLabel(scope: ParentNode, text: string): HTMLInputElement {
  const byAria = scope.querySelector<HTMLInputElement>(`[aria-label="${text}"]`);
  if (byAria) return byAria;
  const label = [...scope.querySelectorAll('label')].find((element) => element.textContent?.trim() === text);
  const input = label && document.getElementById(label.htmlFor);
  if (!input) throw new Error(`no field labelled "${text}"`);
  return input as HTMLInputElement;
}

/**
 * An element's accessible name as far as these tests need it: aria-label, else its text without
 * aria-hidden parts (happy-dom computes no accessibility tree).
 */
export function accessibleName(element: Element): string {
  const label = element.getAttribute('aria-label');
  if (label !== null) return label;
  const text = (node: Node): string => {
    if (node.nodeType === 3) return node.textContent ?? '';
    if (node instanceof Element && node.getAttribute('aria-hidden') === 'true') return '';
    return [...node.childNodes].map(text).join('');
  };
  return text(element).replace(/\s+/g, ' ').trim();
}

export function getButton(scope: ParentNode, name: string): HTMLButtonElement {
  const button = [...scope.querySelectorAll('button')].find((element) => accessibleName(element) === name);
  if (!button) throw new Error(`no button named "${name}"`);
  return button;
}

export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

export interface ApiCall {
  method: string;
  path: string;
  body: unknown;
}

/**
 * Stubs fetch with a router: `'POST /api/auth/login': () => json(200, …)`. Unlisted calls answer
 * 404 like the real API. Every call is recorded with its parsed JSON body.
 */
export function stubApi(routes: Record<string, (call: ApiCall) => Response | Promise<Response>>): { fetch: Mock<typeof fetch>; calls: ApiCall[] } {
  const calls: ApiCall[] = [];
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const call: ApiCall = { method: init?.method ?? 'GET', path: url.pathname + url.search, body: init?.body ? JSON.parse(String(init.body)) : undefined };
    calls.push(call);
    const handler = routes[`${call.method} ${url.pathname}`] ?? routes[`${call.method} ${call.path}`];
    return handler ? handler(call) : json(404, { success: false, message: 'Route not found', code: 'ROUTE_NOT_FOUND' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetch: fetchMock, calls };
}
