import { describe, expect, it } from 'vitest';
import { validateGift } from './GiftLineEditor.tsx';

const now = new Date('2026-11-26T10:00:00Z');
const good = { name: 'Robin Leaf', email: 'robin@example.com', message: '', deliverOn: '' };

describe('the checkout gift form', () => {
  it('accepts a name, an email and no date, or a date today or later', () => {
    expect(validateGift(good, now)).toEqual({});
    expect(validateGift({ ...good, deliverOn: '2026-11-26' }, now)).toEqual({});
    expect(validateGift({ ...good, deliverOn: '2027-01-01' }, now)).toEqual({});
  });

  it('names each field that is wrong', () => {
    expect(validateGift({ name: ' ', email: 'nope', message: 'x'.repeat(501), deliverOn: '2026-11-25' }, now)).toEqual({
      name: "Enter the recipient's name",
      email: "Enter the recipient's email address",
      message: 'The message can have at most 500 characters',
      deliverOn: 'The delivery date cannot be in the past',
    });
    expect(validateGift({ ...good, deliverOn: '2028-01-01' }, now).deliverOn).toBe('The delivery date can be at most 366 days ahead');
  });
});
