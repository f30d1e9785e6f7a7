import { afterEach, describe, expect, it } from 'vitest';
import { captureReferral, storedReferral } from './referral-capture.ts';

const ID = '0190a1b2-c3d4-7e5f-8a9b-aaaaaaaaaaaa';
afterEach(() => localStorage.clear());

describe('referral parameters in the address (spec §3 RID, ReferralID; §4 Referral)', () => {
  it('stores RID or ReferralID under its own name and answers the address without it', () => {
    expect(captureReferral(`?RID=${ID}&sort=name`)).toBe('?sort=name');
    expect(localStorage.getItem('RID')).toBe(ID);
    expect(captureReferral('?ReferralID=ada-lovelace-x1y2z3')).toBe('');
    expect(localStorage.getItem('ReferralID')).toBe('ada-lovelace-x1y2z3');
    expect(localStorage.getItem('RID')).toBeNull();
    expect(storedReferral()).toBe('ada-lovelace-x1y2z3');
  });

  it('leaves addresses without one alone, and drops malformed values without storing them', () => {
    expect(captureReferral('?sort=name')).toBeNull();
    expect(captureReferral('')).toBeNull();
    expect(captureReferral('?RID=%3Cscript%3E')).toBe('');
    expect(localStorage.getItem('RID')).toBeNull();
    expect(storedReferral()).toBeNull();
  });
});
