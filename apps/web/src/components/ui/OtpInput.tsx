import { useImperativeHandle, useRef, type ClipboardEvent, type KeyboardEvent, type Ref } from 'react';
import { VERIFICATION_CODE_LENGTH } from '@app/contract';
import './otp-input.css';

export interface OtpInputHandle {
  /** Moves focus to a box (the first by default) and selects its digit. */
  focus: (index?: number) => void;
}

export interface OtpInputProps {
  /** One entry per box: a single digit or ''. */
  value: readonly string[];
  onChange: (next: string[]) => void;
  /** Called once each time the boxes become completely filled, with the whole code. */
  onComplete?: (code: string) => void;
  /** Names the group of boxes for screen readers. */
  label?: string;
  /** While a code is being checked: the boxes stay focusable (focus is not lost) but take no input. */
  disabled?: boolean;
  invalid?: boolean;
  autoFocus?: boolean;
  /** Extra ids describing the boxes (e.g. the error message). */
  describedBy?: string;
  ref?: Ref<OtpInputHandle>;
}

export function emptyOtp(length: number = VERIFICATION_CODE_LENGTH): string[] {
  return Array.from({ length }, () => '');
}

const onlyDigits = (text: string) => text.replace(/\D/g, '');

/**
 * Spec §5 verification code: one numeric digit per box, non-digits ignored, focus moves forward
 * after a digit and back on Backspace. Pasting (or a phone's one-time-code autofill) spreads the
 * digits over the boxes. Used by the email verification popup, the password reset by code and
 * the account's email changes, so all code entry behaves the same.
 */
export function OtpInput({ value, onChange, onComplete, label = 'Verification code', disabled, invalid, autoFocus, describedBy, ref }: OtpInputProps) {
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  const length = value.length;

  const focusBox = (index: number) => {
    const box = boxes.current[Math.max(0, Math.min(length - 1, index))];
    box?.focus();
    box?.select();
  };

  useImperativeHandle(ref, () => ({ focus: (index = 0) => focusBox(index) }));

  const commit = (next: string[], focusIndex?: number) => {
    onChange(next);
    if (focusIndex !== undefined) focusBox(focusIndex);
    // Fires on the change that completes the code, never on a re-render of a full code.
    if (next.every((digit) => digit !== '') && next.join('') !== value.join('')) onComplete?.(next.join(''));
  };

  /** Writes digits from a box onwards; returns the box that should take focus next. */
  const fill = (start: number, digits: string) => {
    const next = [...value];
    const count = Math.min(digits.length, length - start);
    for (let k = 0; k < count; k++) next[start + k] = digits[k]!;
    commit(next, Math.min(start + count, length - 1));
  };

  const handleInput = (index: number, raw: string) => {
    if (disabled) return;
    if (raw === '') {
      const next = [...value];
      next[index] = '';
      commit(next);
      return;
    }
    const current = value[index] ?? '';
    if (raw === current) return focusBox(index + 1); // the same digit typed over itself
    // With a digit already in the box (caret beside it), only what was added counts.
    const added = current && raw.includes(current) ? raw.replace(current, '') : raw;
    const digits = onlyDigits(added);
    if (digits === '') return; // a letter or symbol: ignored, the box keeps its digit
    // One digit fills this box; several (autofill, IME) spread over the boxes from here.
    fill(index, digits);
  };

  const handleKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (disabled && (event.key === 'Backspace' || event.key === 'Delete')) return;
    if (event.key === 'Backspace') {
      event.preventDefault();
      const next = [...value];
      if (value[index]) {
        next[index] = '';
        commit(next);
      } else if (index > 0) {
        // An empty box: step back and clear the previous digit, as people expect.
        next[index - 1] = '';
        commit(next, index - 1);
      }
    } else if (event.key === 'Delete') {
      event.preventDefault();
      const next = [...value];
      next[index] = '';
      commit(next);
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault();
      focusBox(index - 1);
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      focusBox(index + 1);
    } else if (event.key === 'Home') {
      event.preventDefault();
      focusBox(0);
    } else if (event.key === 'End') {
      event.preventDefault();
      focusBox(length - 1);
    }
  };

  const handlePaste = (index: number, event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    if (disabled) return;
    const digits = onlyDigits(event.clipboardData.getData('text'));
    if (!digits) return;
    // A whole code fills every box whichever box had focus.
    fill(digits.length >= length ? 0 : index, digits.slice(0, length));
  };

  return (
    <div role="group" aria-label={label} className="otp" data-invalid={invalid || undefined}>
      {value.map((digit, index) => (
        <input
          // The boxes never reorder, so their position is their identity.
          key={index}
          ref={(element) => {
            boxes.current[index] = element;
          }}
          className="otp__box"
          type="text"
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete={index === 0 ? 'one-time-code' : 'off'}
          aria-label={`Digit ${index + 1} of ${length}`}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          autoFocus={autoFocus && index === 0}
          // readOnly rather than disabled: a disabled box would drop keyboard focus mid-request.
          readOnly={disabled}
          aria-disabled={disabled || undefined}
          value={digit}
          onChange={(event) => handleInput(index, event.target.value)}
          onKeyDown={(event) => handleKeyDown(index, event)}
          onPaste={(event) => handlePaste(index, event)}
          onFocus={(event) => event.target.select()}
        />
      ))}
    </div>
  );
}
