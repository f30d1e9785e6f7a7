import { useState } from 'react';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render } from '../../../test/render.tsx';
import { pressKey, typeInto } from '../../../test/dom.ts';
import type { AirportOption } from '../state/types.ts';
import { AirportCombobox } from './AirportCombobox.tsx';

afterEach(cleanup);

const LHR: AirportOption = { code: 'LHR', name: 'London Heathrow Airport', city: 'London', country: 'GB', latitude: 51.47, longitude: -0.45 };
const LGW: AirportOption = { code: 'LGW', name: 'London Gatwick Airport', city: 'London', country: 'GB', latitude: 51.15, longitude: -0.19 };

function setup(search: (q: string) => Promise<AirportOption[]>) {
  const chosen: Array<AirportOption | null> = [];
  function Harness() {
    const [value, setValue] = useState<AirportOption | null>(null);
    return (
      <AirportCombobox
        label="From"
        value={value}
        search={search}
        debounceMs={0}
        onChange={(airport) => {
          chosen.push(airport);
          setValue(airport);
        }}
      />
    );
  }
  const { container } = render(<Harness />);
  const input = container.querySelector<HTMLInputElement>('[role="combobox"]')!;
  const listbox = container.querySelector<HTMLElement>('[role="listbox"]')!;
  return { container, input, listbox, chosen };
}

/** Lets the zero-delay debounce and the search promise settle. */
async function settle() {
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 5));
  });
}

describe('AirportCombobox (type-ahead)', () => {
  it('is a labelled ARIA combobox that searches as you type and lists the answers', async () => {
    const search = vi.fn(async () => [LHR, LGW]);
    const { container, input, listbox } = setup(search);
    expect(container.querySelector('label')?.htmlFor).toBe(input.id);
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(input.getAttribute('aria-controls')).toBe(listbox.id);
    typeInto(input, 'lon');
    await settle();
    expect(search).toHaveBeenLastCalledWith('lon');
    expect(input.getAttribute('aria-expanded')).toBe('true');
    const options = [...listbox.querySelectorAll('[role="option"]')];
    expect(options.map((o) => o.textContent)).toEqual([expect.stringContaining('LHR'), expect.stringContaining('LGW')]);
    // The first answer is active, announced through aria-activedescendant.
    expect(input.getAttribute('aria-activedescendant')).toBe(options[0]!.id);
  });

  it('moves with ArrowDown/ArrowUp (wrapping), picks with Enter and closes', async () => {
    const { input, listbox, chosen } = setup(async () => [LHR, LGW]);
    typeInto(input, 'lon');
    await settle();
    const options = [...listbox.querySelectorAll('[role="option"]')];
    pressKey(input, 'ArrowDown');
    expect(input.getAttribute('aria-activedescendant')).toBe(options[1]!.id);
    expect(options[1]!.getAttribute('aria-selected')).toBe('true');
    pressKey(input, 'ArrowDown');
    expect(input.getAttribute('aria-activedescendant')).toBe(options[0]!.id);
    pressKey(input, 'ArrowUp');
    expect(input.getAttribute('aria-activedescendant')).toBe(options[1]!.id);
    pressKey(input, 'Enter');
    expect(chosen.at(-1)).toEqual(LGW);
    expect(input.value).toContain('LGW');
    expect(input.getAttribute('aria-expanded')).toBe('false');
  });

  it('Escape closes the list first, then clears the choice', async () => {
    const { input, chosen } = setup(async () => [LHR]);
    typeInto(input, 'lhr');
    await settle();
    pressKey(input, 'Enter');
    expect(chosen.at(-1)).toEqual(LHR);
    typeInto(input, 'lh');
    await settle();
    pressKey(input, 'Escape');
    expect(input.getAttribute('aria-expanded')).toBe('false');
    pressKey(input, 'Escape');
    expect(input.value).toBe('');
    expect(chosen.at(-1)).toBeNull();
  });

  it('says so when nothing matches or the search fails, and drops late answers to older keystrokes', async () => {
    let resolveSlow: (value: AirportOption[]) => void = () => {};
    const search = vi.fn((q: string) => (q === 'slow' ? new Promise<AirportOption[]>((resolve) => (resolveSlow = resolve)) : q === 'zzz' ? Promise.resolve([]) : Promise.reject(new Error('down'))));
    const { input, listbox } = setup(search);
    typeInto(input, 'zzz');
    await settle();
    expect(listbox.textContent).toContain('No airport matches');
    typeInto(input, 'slow');
    await settle();
    typeInto(input, 'err');
    await settle();
    expect(listbox.textContent).toContain('Airport search is not available right now');
    resolveSlow([LHR]);
    await settle();
    expect(listbox.querySelectorAll('[role="option"]')).toHaveLength(0);
  });
});
