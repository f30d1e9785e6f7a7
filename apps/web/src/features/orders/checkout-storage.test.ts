import { beforeEach, describe, expect, it } from 'vitest';
import { readBusinessOrderSelection, recordPlacedOrder, referralIdFor, storeBusinessOrderSelection, storedBusinessMembership, storedEventTies } from './checkout-storage.ts';
import { graphRows, periodLabel } from './graph-data.ts';

const ME = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b';
const REFERRER = '0190a1b2-c3d4-7e5f-8a9b-aaaaaaaaaaaa';

beforeEach(() => localStorage.clear());

describe('the referral id of an order (spec §4 order flow)', () => {
  it("is the stored RID or ReferralID, blank when it is the buyer's own id or not a user id", () => {
    expect(referralIdFor(ME)).toBe('');
    localStorage.setItem('ReferralID', REFERRER);
    expect(referralIdFor(ME)).toBe(REFERRER);
    localStorage.setItem('RID', ME);
    expect(referralIdFor(ME)).toBe('');
    localStorage.setItem('RID', 'not-an-id');
    expect(referralIdFor(ME)).toBe('');
  });

  it('is cleared once an order is placed, which also records the order for TotalOrders and isLastOrderBusiness', () => {
    localStorage.setItem('RID', REFERRER);
    localStorage.setItem('ReferralID', REFERRER);
    localStorage.setItem('TotalOrders', '2');
    recordPlacedOrder({ isBusinessOrder: true });
    expect(localStorage.getItem('RID')).toBeNull();
    expect(localStorage.getItem('ReferralID')).toBeNull();
    expect(localStorage.getItem('TotalOrders')).toBe('3');
    expect(localStorage.getItem('isLastOrderBusiness')).toBe('true');
    localStorage.setItem('TotalOrders', '');
    recordPlacedOrder({ isBusinessOrder: false });
    expect(localStorage.getItem('TotalOrders')).toBe('1');
    expect(localStorage.getItem('isLastOrderBusiness')).toBe('false');
  });
});

describe('business membership and the business-order choice', () => {
  it('reads the joined-business record (businessId with businessCode), in an object or a list; none when absent or empty', () => {
    expect(storedBusinessMembership()).toBeNull();
    localStorage.setItem('JoinedBusinessDetails', '');
    expect(storedBusinessMembership()).toBeNull();
    localStorage.setItem('JoinedBusinessDetails', JSON.stringify({ businessId: { _id: 'b-1', businessCode: 'ACME01', name: 'Acme', userId: REFERRER } }));
    expect(storedBusinessMembership()).toEqual({ businessCode: 'ACME01', name: 'Acme', ownerUserId: REFERRER });
    localStorage.setItem('JoinedBusinessDetails', JSON.stringify([{ businessId: { _id: 'b-2', businessCode: 'GREEN2' } }]));
    expect(storedBusinessMembership()).toEqual({ businessCode: 'GREEN2', name: null, ownerUserId: null });
    localStorage.setItem('JoinedBusinessDetails', '{not json');
    expect(storedBusinessMembership()).toBeNull();
  });

  it("falls back to the business the person owns (MyBusinessDetails) when they joined none", () => {
    localStorage.setItem('JoinedBusinessDetails', '');
    localStorage.setItem('MyBusinessDetails', JSON.stringify({ _id: 'b-9', businessCode: 'OWNED9', name: 'Own Co', userId: REFERRER }));
    expect(storedBusinessMembership()).toEqual({ businessCode: 'OWNED9', name: 'Own Co', ownerUserId: REFERRER });
    localStorage.setItem('JoinedBusinessDetails', JSON.stringify({ businessId: { _id: 'b-1', businessCode: 'ACME01' } }));
    expect(storedBusinessMembership()?.businessCode).toBe('ACME01');
  });

  it("stores BusinessOrderSelection as 'yes' or 'no' (no by default)", () => {
    expect(readBusinessOrderSelection()).toBe('no');
    storeBusinessOrderSelection('yes');
    expect(localStorage.getItem('BusinessOrderSelection')).toBe('yes');
    expect(readBusinessOrderSelection()).toBe('yes');
  });

  it('reads the stored event details, but never the event itself: a stored conference code (a viewed event) ties nothing', () => {
    expect(storedEventTies()).toEqual({ eventOwnerOrder: null, businessEventUserId: null });
    localStorage.setItem('conferenceCode', 'CLIMATE-26');
    localStorage.setItem('eventOwnerOrder', 'true');
    localStorage.setItem('userEventId', REFERRER);
    expect(storedEventTies()).toEqual({ eventOwnerOrder: true, businessEventUserId: REFERRER });
    expect(storedEventTies()).not.toHaveProperty('conferanceCode');
  });
});

describe('order graph rows', () => {
  it('keeps each currency a series of its own and orders periods oldest first', () => {
    const { rows, currencies } = graphRows([
      { period: '2026-11', orders: 2, tonnes: 3, spend: [{ currency: 'EUR', amount: 40, amountMinor: 4000 }, { currency: 'USD', amount: 12.5, amountMinor: 1250 }] },
      { period: '2026-10', orders: 1, tonnes: 0.5, spend: [{ currency: 'USD', amount: 10, amountMinor: 1000 }] },
    ]);
    expect(currencies).toEqual(['USD', 'EUR']);
    expect(rows.map((row) => [row.label, row.spend, row.tonnes])).toEqual([
      ['Oct 2026', { USD: 10 }, 0.5],
      ['Nov 2026', { EUR: 40, USD: 12.5 }, 3],
    ]);
    expect(periodLabel('2025')).toBe('2025');
  });
});
