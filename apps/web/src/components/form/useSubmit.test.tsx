import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApiResponse } from '../../lib/api-client.ts';
import { GENERIC_ERROR_MESSAGE, NETWORK_ERROR_MESSAGE } from '../../lib/api-error.ts';
import { cleanup, render } from '../../test/render.tsx';
import { attempt, useSubmit } from './useSubmit.ts';

const answer = <T,>(status: number, data: T | null = null): ApiResponse<T> => ({ status, ok: status >= 200 && status < 300, data });
const invalid = answer(400, { success: false, code: 'VALIDATION_FAILED', message: 'Check the form', fields: { email: ['Enter a valid email address'] } });
const offline = () => Promise.reject(new TypeError('Failed to fetch'));

let submission: ReturnType<typeof useSubmit<'link' | 'code'>>;
function Probe() {
  submission = useSubmit<'link' | 'code'>();
  return null;
}

afterEach(cleanup);

describe('attempt', () => {
  it('hands a 200 to onSuccess and resolves to null; other statuses are failures unless a test says otherwise', async () => {
    const onSuccess = vi.fn();
    await expect(attempt(async () => answer(200, { message: 'ok' }), { onSuccess })).resolves.toBeNull();
    expect(onSuccess).toHaveBeenCalledWith(answer(200, { message: 'ok' }));
    await expect(attempt(async () => answer(201), { onSuccess })).resolves.toBe(GENERIC_ERROR_MESSAGE);
    await expect(attempt(async () => answer(201), { success: (response) => response.status === 201, onSuccess })).resolves.toBeNull();
    expect(onSuccess).toHaveBeenCalledTimes(2);
  });

  it("'body' and 'token' also need the body, and the token in it", async () => {
    const onSuccess = vi.fn();
    await attempt(async () => answer(200), { success: 'body', onSuccess });
    await attempt(async () => answer(200, { token: '' }), { success: 'token', onSuccess });
    expect(onSuccess).not.toHaveBeenCalled();
    await attempt(async () => answer(200, { token: 'jwt' }), { success: 'token', onSuccess });
    expect(onSuccess).toHaveBeenCalledTimes(1);
  });

  it('a request that never arrived resolves to the network message', async () => {
    await expect(attempt(offline, { onSuccess: vi.fn() })).resolves.toBe(NETWORK_ERROR_MESSAGE);
  });

  it('puts fields on the form when they land there, and otherwise resolves to the message', async () => {
    const applyFields = vi.fn(() => true);
    await expect(attempt(async () => invalid, { onSuccess: vi.fn(), applyFields })).resolves.toBeNull();
    expect(applyFields).toHaveBeenCalledWith({ email: ['Enter a valid email address'] });
    await expect(attempt(async () => invalid, { onSuccess: vi.fn(), applyFields: () => false })).resolves.toBe('Check the form');
    await expect(attempt(async () => invalid, { onSuccess: vi.fn() })).resolves.toBe('Check the form');
  });

  it('a failure onFailure handles shows nothing more', async () => {
    const applyFields = vi.fn(() => false);
    const onFailure = vi.fn(() => true);
    await expect(attempt(async () => invalid, { onSuccess: vi.fn(), onFailure, applyFields })).resolves.toBeNull();
    expect(onFailure).toHaveBeenCalledWith(expect.objectContaining({ status: 400, code: 'VALIDATION_FAILED', message: 'Check the form' }));
    expect(applyFields).not.toHaveBeenCalled();
  });
});

describe('useSubmit', () => {
  it('is sending (as the named action) while the request is out, then shows the message', async () => {
    render(<Probe />);
    let release: (response: ApiResponse) => void = () => {};
    let running: Promise<void> = Promise.resolve();
    act(() => {
      running = submission.run(() => new Promise<ApiResponse>((resolve) => (release = resolve)), { busy: 'code', onSuccess: vi.fn() });
    });
    expect(submission.sending).toBe('code');
    await act(async () => {
      release(invalid);
      await running;
    });
    expect(submission.sending).toBe(false);
    expect(submission.error).toBe('Check the form');
  });

  it('clears the previous message when sending again, and a network failure shows the network message', async () => {
    render(<Probe />);
    await act(() => submission.run(async () => invalid, { onSuccess: vi.fn() }));
    expect(submission.error).toBe('Check the form');
    await act(() => submission.run(async () => answer(200), { onSuccess: vi.fn() }));
    expect(submission.error).toBeNull();
    await act(() => submission.run(offline, { onSuccess: vi.fn() }));
    expect(submission.error).toBe(NETWORK_ERROR_MESSAGE);
  });

  it('keepSending stays busy after a success (the form is being left), but not after a failure', async () => {
    render(<Probe />);
    await act(() => submission.run(async () => answer(200), { busy: 'link', keepSending: true, onSuccess: vi.fn() }));
    expect(submission.sending).toBe('link');
    await act(() => submission.run(async () => invalid, { busy: 'link', keepSending: true, onSuccess: vi.fn() }));
    expect(submission.sending).toBe(false);
  });

  it('showError sends the message elsewhere', async () => {
    render(<Probe />);
    const showError = vi.fn();
    await act(() => submission.run(offline, { onSuccess: vi.fn(), showError }));
    expect(showError).toHaveBeenCalledWith(NETWORK_ERROR_MESSAGE);
    expect(submission.error).toBeNull();
  });
});
