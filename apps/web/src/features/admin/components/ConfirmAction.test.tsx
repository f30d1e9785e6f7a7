import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, click, render } from '../../../test/render.tsx';
import { flush } from '../../../test/dom.ts';
import { typeInto } from '../../../test/input.ts';
import { ConfirmAction } from './ConfirmAction.tsx';

afterEach(cleanup);

const dialog = () => document.querySelector('[role="dialog"]') as HTMLElement | null;
const buttonIn = (scope: ParentNode, name: string) => [...scope.querySelectorAll('button')].find((element) => element.textContent?.trim() === name) as HTMLButtonElement;

/**
 * The console asks before anything destructive (issue 24), and by keyboard too: the question
 * takes the focus, Escape leaves everything as it was, and a reason is required where one is asked.
 */
describe('ConfirmAction', () => {
  it('asks first, with the focus in the question; Escape cancels without acting', async () => {
    const done: string[] = [];
    const { container } = render(
      <ConfirmAction label="Hide" title="Hide this review?" description="It leaves the product page." confirmLabel="Hide review" reason={{ label: 'Reason' }} onConfirm={async (reason) => void done.push(reason)} />,
    );
    click(buttonIn(container, 'Hide'));
    expect(dialog()?.getAttribute('aria-labelledby')).toBeTruthy();
    expect(dialog()!.contains(document.activeElement)).toBe(true);
    expect(buttonIn(dialog()!, 'Hide review').disabled).toBe(true);
    act(() => {
      document.activeElement?.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    });
    expect(dialog()).toBeNull();
    expect(done).toEqual([]);
  });

  it('acts once a reason is given, and keeps the dialog open with the error when the action fails', async () => {
    let fail = true;
    const done: string[] = [];
    const { container } = render(
      <ConfirmAction label="Hide" title="Hide this review?" description="It leaves the product page." confirmLabel="Hide review" reason={{ label: 'Reason' }} onConfirm={async (reason) => {
        if (fail) throw new Error('The review was already hidden by someone else');
        done.push(reason);
      }} />,
    );
    click(buttonIn(container, 'Hide'));
    typeInto(dialog()!.querySelector<HTMLInputElement | HTMLTextAreaElement>('textarea, input')!, '  Spam: advertising ');
    await act(async () => buttonIn(dialog()!, 'Hide review').click());
    await flush();
    expect(dialog()?.textContent).toContain('The review was already hidden by someone else');
    fail = false;
    await act(async () => buttonIn(dialog()!, 'Hide review').click());
    await flush();
    expect(done).toEqual(['Spam: advertising']);
    expect(dialog()).toBeNull();
  });
});
