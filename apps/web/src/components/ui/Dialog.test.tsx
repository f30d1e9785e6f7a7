import { act, useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { Dialog } from './Dialog.tsx';
import { cleanup, click, render } from '../../test/render.tsx';

function Harness() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" id="trigger" onClick={() => setOpen(true)}>
        Open
      </button>
      <Dialog open={open} onOpenChange={setOpen} title="Registration is successful" background="light">
        <button type="button" id="inside">
          OK
        </button>
      </Dialog>
    </>
  );
}

afterEach(cleanup);

function pressEscape() {
  act(() => {
    document.activeElement?.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
  });
}

describe('Dialog', () => {
  it('renders inside the Overlay, is modal and named by its title, and moves focus inside', () => {
    const { container } = render(<Harness />);
    click(container.querySelector('#trigger')!);

    const dialog = document.querySelector('[role="dialog"]') as HTMLElement;
    expect(dialog).not.toBeNull();
    const overlay = dialog.closest('.overlay');
    expect(overlay?.classList.contains('overlay--light')).toBe(true);
    const titleId = dialog.getAttribute('aria-labelledby');
    expect(document.getElementById(titleId!)?.textContent).toBe('Registration is successful');
    expect(dialog.contains(document.activeElement)).toBe(true);
  });

  it('closes on Escape', () => {
    const { container } = render(<Harness />);
    click(container.querySelector('#trigger')!);
    expect(document.querySelector('[role="dialog"]')).not.toBeNull();
    pressEscape();
    expect(document.querySelector('[role="dialog"]')).toBeNull();
  });

  it('closes with its close button', () => {
    const { container } = render(<Harness />);
    click(container.querySelector('#trigger')!);
    click(document.querySelector('button[aria-label="Close"]')!);
    expect(document.querySelector('[role="dialog"]')).toBeNull();
  });
});
