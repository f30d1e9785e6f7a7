import { act } from 'react';

/** Types a value into an input or textarea the way React notices (the native setter, then an input event). */
export function typeInto(element: HTMLInputElement | HTMLTextAreaElement, value: string): void {
  const prototype = element instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  const setter = Object.getOwnPropertyDescriptor(prototype, 'value')!.set!;
  act(() => {
    setter.call(element, value);
    element.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

/** Presses a key on an element (keydown, bubbling). */
export function press(element: Element, key: string): void {
  act(() => {
    element.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true }));
  });
}

/** Clicks and lets the promises it starts settle (an async handler's later state updates). */
export async function clickAndSettle(element: Element): Promise<void> {
  await act(async () => {
    (element as HTMLElement).click();
  });
}
