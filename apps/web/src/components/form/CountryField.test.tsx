import { act, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, click, render } from '../../test/render.tsx';
import { json, pressKey, stubApi, typeInto } from '../../test/dom.ts';
import { until } from '../../test/until.ts';
import { countryNameOf } from '../../lib/countries.ts';
import { CountryField, matchCountries } from './CountryField.tsx';

const COUNTRIES = [
  { entity: 'Netherlands', countryCode: 'NL', currencyCode: 'EUR', carbonCountryPerCapita: 7.1, year: 2022 },
  { entity: 'New Zealand', countryCode: 'NZ', currencyCode: 'NZD', carbonCountryPerCapita: 6.2, year: 2022 },
  { entity: 'Niger', countryCode: 'NE', currencyCode: 'XOF', carbonCountryPerCapita: 0.1, year: 2022 },
  { entity: 'United Kingdom', countryCode: 'GB', currencyCode: 'GBP', carbonCountryPerCapita: 4.7, year: 2022 },
];

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function setup(initial = '') {
  stubApi({ 'GET /api/v1/countries': () => json(200, { success: true, data: COUNTRIES }) });
  const chosen: string[] = [];
  function Harness() {
    const [value, setValue] = useState(initial);
    return (
      <CountryField
        id="country"
        label="Country"
        name="country"
        value={value}
        onChange={(code) => {
          chosen.push(code);
          setValue(code);
        }}
      />
    );
  }
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const { container } = render(
    <QueryClientProvider client={client}>
      <Harness />
    </QueryClientProvider>,
  );
  const input = container.querySelector<HTMLInputElement>('input[role="combobox"]')!;
  const options = () => [...container.querySelectorAll('[role="option"]')].map((option) => option.textContent);
  const hidden = () => container.querySelector<HTMLInputElement>('input[type="hidden"]')!.value;
  return { container, input, options, hidden, chosen };
}

describe('CountryField (country combobox)', () => {
  it('is a labelled combobox that lists names as you type, and keeps the code as the value', async () => {
    const { container, input, options, hidden, chosen } = setup();
    expect(container.querySelector('label')?.htmlFor).toBe(input.id);
    await until(() => expect(input.placeholder).toBe('Start typing a country'));
    typeInto(input, 'neth');
    expect(input.getAttribute('aria-expanded')).toBe('true');
    expect(options()).toEqual(['Netherlands']);
    pressKey(input, 'Enter');
    expect(chosen).toEqual(['NL']);
    expect(input.value).toBe('Netherlands');
    expect(hidden()).toBe('NL');
  });

  it('ranks names that start with the text first, and finds a code typed in full', () => {
    const options = COUNTRIES.map((c) => ({ code: c.countryCode, name: c.entity }));
    expect(matchCountries(options, 'ne').map((o) => o.code)).toEqual(['NL', 'NZ', 'NE']);
    expect(matchCountries(options, 'gb').map((o) => o.code)).toEqual(['GB']);
    expect(matchCountries(options, 'kingdom').map((o) => o.code)).toEqual(['GB']);
  });

  it('shows a saved code as its name; leaving the field takes the highlighted match; emptying it clears the choice', async () => {
    const { input, hidden, chosen } = setup('GB');
    await until(() => expect(input.value).toBe('United Kingdom'));
    typeInto(input, 'new');
    // Tabbing on: focus moves to the next control.
    act(() => input.dispatchEvent(new FocusEvent('focusout', { bubbles: true, relatedTarget: document.body })));
    expect(chosen.at(-1)).toBe('NZ');
    typeInto(input, '');
    expect(chosen.at(-1)).toBe('');
    expect(hidden()).toBe('');
  });

  it('opens the whole list from its button, and says when nothing matches', async () => {
    const { container, input, options } = setup();
    await until(() => expect(input.placeholder).toBe('Start typing a country'));
    click(container.querySelector('button[aria-label="Show countries"]')!);
    expect(options()).toHaveLength(4);
    typeInto(input, 'zzz');
    expect(container.textContent).toContain('No country matches');
  });
});

describe('countryNameOf', () => {
  it("names a code from the list, then from the browser's region names, else shows the code", () => {
    expect(countryNameOf('ne', COUNTRIES)).toBe('Niger');
    expect(countryNameOf('VA', COUNTRIES)).toBe('Vatican City');
    expect(countryNameOf('', COUNTRIES)).toBe('');
  });
});
