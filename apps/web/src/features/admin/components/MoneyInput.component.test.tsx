import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render } from '../../../test/render.tsx';
import { typeInto } from '../../../test/input.ts';
import { MoneyInput } from './MoneyInput.tsx';

/** A form field holding what MoneyInput hands it, as react-hook-form's Controller does. */
function Field({ initial = null }: { initial?: number | null }) {
  const [minor, setMinor] = useState<number | null>(initial);
  return (
    <>
      <MoneyInput label="Price in USD" currency="USD" value={minor} onChange={setMinor} />
      <output>{String(minor)}</output>
    </>
  );
}

describe('MoneyInput', () => {
  afterEach(cleanup);

  it('keeps what the person typed when it is not a price yet, so the error beside it has something to point at', () => {
    const { container } = render(<Field initial={1250} />);
    const input = container.querySelector('input')!;
    expect(input.value).toBe('12.50');
    typeInto(input, '12.345');
    expect(container.querySelector('output')!.textContent).toBe('NaN');
    expect(input.value).toBe('12.345');
    typeInto(input, '12.34abc');
    expect(input.value).toBe('12.34abc');
    typeInto(input, '12.34');
    expect([input.value, container.querySelector('output')!.textContent]).toEqual(['12.34', '1234']);
  });
});
