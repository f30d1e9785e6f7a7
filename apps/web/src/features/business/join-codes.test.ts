import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, stubApi } from '../../test/dom.ts';
import { captureJoinCodes, joinStoredBusiness, storedJoinCode, takeJoinLanding } from './join-codes.ts';

const JOIN = 'POST /api/v1/business-user-profiles/join';

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('join codes from links', () => {
  it('stores a code from the address under its spec key, replacing an earlier code of another kind', () => {
    expect(captureJoinCodes('?JoinSupplierCode=ACME-SUP-7K2QXH')).toBe(true);
    expect(storedJoinCode()).toEqual({ key: 'JoinSupplierCode', code: 'ACME-SUP-7K2QXH' });
    captureJoinCodes('?JoinBusinessCode=ACME-7K2QXH&utm=x');
    expect(localStorage.getItem('JoinSupplierCode')).toBeNull();
    expect(storedJoinCode()).toEqual({ key: 'JoinBusinessCode', code: 'ACME-7K2QXH' });
  });

  it('ignores codes that cannot be codes (markup, spaces, too long) and addresses without one', () => {
    for (const search of ['?JoinBusinessCode=<script>', '?JoinBusinessCode=a%20b', `?JoinBusinessCode=${'A'.repeat(41)}`, '?page=2', '']) expect(captureJoinCodes(search)).toBe(false);
    expect(storedJoinCode()).toBeNull();
  });
});

describe('joining after sign-in', () => {
  it('joins once with the stored code, forgets it and lands employees on the employer page', async () => {
    localStorage.setItem('JoinBusinessCode', 'ACME-7K2QXH');
    const api = stubApi({ [JOIN]: () => json(201, { success: true, data: { role: 'employee' } }) });
    expect(await joinStoredBusiness()).toEqual({ landing: '/other/my-employer-account', problem: null });
    expect(api.calls).toEqual([{ method: 'POST', path: '/api/v1/business-user-profiles/join', body: { businessCode: 'ACME-7K2QXH' } }]);
    expect(storedJoinCode()).toBeNull();
    expect(takeJoinLanding()).toBe('/other/my-employer-account');
    expect(takeJoinLanding()).toBeNull();
    expect(await joinStoredBusiness()).toEqual({ landing: null, problem: null });
    expect(api.calls).toHaveLength(1);
  });

  it('sends one join when the sign-in and the page it lands on both ask while it is under way', async () => {
    localStorage.setItem('JoinBusinessCode', 'ACME-7K2QXH');
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const api = stubApi({ [JOIN]: async () => (await answered, json(201, { success: true, data: { role: 'employee' } })) });
    const fromSignIn = joinStoredBusiness();
    const fromLanding = joinStoredBusiness();
    answer();
    const outcomes = await Promise.all([fromSignIn, fromLanding]);
    expect(outcomes).toEqual([
      { landing: '/other/my-employer-account', problem: null },
      { landing: '/other/my-employer-account', problem: null },
    ]);
    expect(api.calls).toHaveLength(1);
    takeJoinLanding();
  });

  it('lands suppliers and distributors on the business page', async () => {
    localStorage.setItem('JoinDistributorCode', 'ACME-DIS-7K2QXH');
    stubApi({ [JOIN]: () => json(201, { success: true, data: { role: 'distributor' } }) });
    expect((await joinStoredBusiness()).landing).toBe('/other/my-business-account');
    takeJoinLanding();
  });

  it("tells the person the server's reason and forgets a code that cannot work", async () => {
    localStorage.setItem('JoinBusinessCode', 'ACME-7K2QXH');
    stubApi({ [JOIN]: () => json(409, { success: false, code: 'ALREADY_IN_BUSINESS', message: 'You are already a member of Other Ltd; leave it before joining another business' }) });
    expect(await joinStoredBusiness()).toEqual({ landing: null, problem: 'You are already a member of Other Ltd; leave it before joining another business' });
    expect(storedJoinCode()).toBeNull();
  });

  it('keeps the code for the next sign-in when the server cannot be reached or fails', async () => {
    localStorage.setItem('JoinBusinessCode', 'ACME-7K2QXH');
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('offline'))));
    expect((await joinStoredBusiness()).problem).toContain('online');
    expect(storedJoinCode()?.code).toBe('ACME-7K2QXH');
    stubApi({ [JOIN]: () => json(503, { success: false, code: 'SERVICE_UNAVAILABLE', message: 'x' }) });
    expect((await joinStoredBusiness()).landing).toBeNull();
    expect(storedJoinCode()?.code).toBe('ACME-7K2QXH');
  });
});
