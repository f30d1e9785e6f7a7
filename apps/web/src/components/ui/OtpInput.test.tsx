import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OtpInput, emptyOtp } from './OtpInput.tsx';
import { cleanup, render } from '../../test/render.tsx';
import { paste, pressKey, typeInto } from '../../test/dom.ts';

afterEach(cleanup);

function Harness({ onComplete }: { onComplete: (code: string) => void }) {
  const [digits, setDigits] = useState(emptyOtp());
  return <OtpInput value={digits} onChange={setDigits} onComplete={onComplete} />;
}

function setup() {
  const onComplete = vi.fn<(code: string) => void>();
  const { container } = render(<Harness onComplete={onComplete} />);
  const boxes = [...container.querySelectorAll<HTMLInputElement>('input')];
  const values = () => boxes.map((box) => box.value).join('');
  return { boxes, values, onComplete };
}

describe('OtpInput (spec §5 verification code)', () => {
  it('renders six numeric single-digit boxes named "Digit n of 6" in a labelled group', () => {
    const { boxes } = setup();
    expect(boxes).toHaveLength(6);
    expect(boxes.map((box) => box.getAttribute('aria-label'))).toEqual([1, 2, 3, 4, 5, 6].map((n) => `Digit ${n} of 6`));
    expect(boxes.every((box) => box.inputMode === 'numeric')).toBe(true);
    expect(boxes[0]!.closest('[role="group"]')?.getAttribute('aria-label')).toBe('Verification code');
  });

  it('ignores non-digits and keeps focus where it is', () => {
    const { boxes, values } = setup();
    boxes[0]!.focus();
    typeInto(boxes[0]!, 'a');
    typeInto(boxes[0]!, '-');
    expect(values()).toBe('');
    expect(document.activeElement).toBe(boxes[0]);
    typeInto(boxes[0]!, '7');
    typeInto(boxes[1]!, 'x');
    expect(values()).toBe('7');
    expect(boxes[1]!.value).toBe('');
  });

  it('moves focus forward after each digit', () => {
    const { boxes, values } = setup();
    boxes[0]!.focus();
    typeInto(boxes[0]!, '1');
    expect(document.activeElement).toBe(boxes[1]);
    typeInto(boxes[1]!, '2');
    expect(document.activeElement).toBe(boxes[2]);
    expect(values()).toBe('12');
  });

  it('Backspace clears a filled box; on an empty box it moves back and clears the previous one', () => {
    const { boxes, values } = setup();
    typeInto(boxes[0]!, '1');
    typeInto(boxes[1]!, '2');
    typeInto(boxes[2]!, '3');
    boxes[2]!.focus();
    pressKey(boxes[2]!, 'Backspace');
    expect(values()).toBe('12');
    expect(document.activeElement).toBe(boxes[2]);
    pressKey(boxes[2]!, 'Backspace');
    expect(values()).toBe('1');
    expect(boxes[1]!.value).toBe('');
    expect(document.activeElement).toBe(boxes[1]);
  });

  it('fills every box from a pasted 6-digit code and completes once', () => {
    const { boxes, values, onComplete } = setup();
    boxes[3]!.focus();
    paste(boxes[3]!, ' 123-456 ');
    expect(values()).toBe('123456');
    expect(onComplete).toHaveBeenCalledTimes(1);
    expect(onComplete).toHaveBeenCalledWith('123456');
  });

  it('ignores a paste without digits', () => {
    const { boxes, values, onComplete } = setup();
    paste(boxes[0]!, 'hello');
    expect(values()).toBe('');
    expect(onComplete).not.toHaveBeenCalled();
  });

  it('calls onComplete exactly once, with the six digits, when the last box is filled', () => {
    const { boxes, onComplete } = setup();
    '98765'.split('').forEach((digit, index) => typeInto(boxes[index]!, digit));
    expect(onComplete).not.toHaveBeenCalled();
    typeInto(boxes[5]!, '4');
    expect(onComplete).toHaveBeenCalledTimes(1);
    expect(onComplete).toHaveBeenCalledWith('987654');
    // Typing the same digit over itself is no new code; a changed digit is.
    typeInto(boxes[5]!, 'x');
    expect(onComplete).toHaveBeenCalledTimes(1);
    typeInto(boxes[5]!, '3');
    expect(onComplete).toHaveBeenCalledTimes(2);
    expect(onComplete).toHaveBeenLastCalledWith('987653');
  });
});
