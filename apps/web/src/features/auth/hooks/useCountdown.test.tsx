import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COUNTDOWN_MESSAGES, countdownMessage, formatMmSs, useCountdown } from './useCountdown.ts';
import { cleanup, render } from '../../../test/render.tsx';

let api: ReturnType<typeof useCountdown>;
function Probe({ startedAt }: { startedAt: number | null }) {
  api = useCountdown(startedAt);
  return (
    <p>
      {api.clock} {countdownMessage(api.running, false)}
    </p>
  );
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe('verification countdown (spec §2.4, §4, §9)', () => {
  it('formats seconds as mm:ss', () => {
    expect(formatMmSs(300)).toBe('05:00');
    expect(formatMmSs(299)).toBe('04:59');
    expect(formatMmSs(61)).toBe('01:01');
    expect(formatMmSs(9)).toBe('00:09');
    expect(formatMmSs(0)).toBe('00:00');
  });

  it('picks the message: in flight, then counting, then request a new code', () => {
    expect(countdownMessage(true, true)).toBe('Your request is being processed');
    expect(countdownMessage(false, true)).toBe('Your request is being processed');
    expect(countdownMessage(true, false)).toBe('Please enter the code within this time');
    expect(countdownMessage(false, false)).toBe('You can request new code now');
    expect(COUNTDOWN_MESSAGES).toEqual({
      running: 'Please enter the code within this time',
      expired: 'You can request new code now',
      busy: 'Your request is being processed',
    });
  });

  it('counts 05:00 down to 00:00 from when the email was sent, then stops', () => {
    const { container } = render(<Probe startedAt={Date.now()} />);
    expect(container.textContent).toBe('05:00 Please enter the code within this time');
    advance(1000);
    expect(container.textContent).toContain('04:59');
    advance(298_000);
    expect(container.textContent).toBe('00:01 Please enter the code within this time');
    advance(1000);
    expect(container.textContent).toBe('00:00 You can request new code now');
    expect(api.running).toBe(false);
    advance(10_000);
    expect(container.textContent).toBe('00:00 You can request new code now');
  });

  it('runs from the send time, not from when it is shown', () => {
    const { container } = render(<Probe startedAt={Date.now() - 90_000} />);
    expect(container.textContent).toContain('03:30');
  });

  it('restarts at the full 05:00 when started again (reset), also mid-count', () => {
    const { container } = render(<Probe startedAt={Date.now()} />);
    advance(300_000);
    expect(api.running).toBe(false);
    act(() => api.start());
    expect(container.textContent).toBe('05:00 Please enter the code within this time');
    advance(42_000);
    expect(container.textContent).toContain('04:18');
    act(() => api.start());
    expect(container.textContent).toContain('05:00');
  });

  it('can be ended early so a new code can be requested', () => {
    const { container } = render(<Probe startedAt={Date.now()} />);
    act(() => api.expire());
    expect(container.textContent).toBe('00:00 You can request new code now');
  });
});
