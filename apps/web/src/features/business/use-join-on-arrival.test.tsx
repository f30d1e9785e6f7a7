import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render } from '../../test/render.tsx';
import { flush, json, stubApi } from '../../test/dom.ts';
import { useJoinOnArrival } from './use-join-on-arrival.ts';

const JOIN = 'POST /api/v1/business-user-profiles/join';

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
});

function Probe({ signedIn }: { signedIn: boolean }) {
  return <p>{useJoinOnArrival(signedIn) ? 'joining' : 'settled'}</p>;
}

describe('useJoinOnArrival', () => {
  it('joins when the session arrives after the first render (a verification link signing in), once', async () => {
    localStorage.setItem('JoinBusinessCode', 'ACME-7K2QXH');
    const api = stubApi({ [JOIN]: () => json(201, { success: true, data: { role: 'employee' } }) });
    const client = new QueryClient();
    const page = (signedIn: boolean) => (
      <QueryClientProvider client={client}>
        <Probe signedIn={signedIn} />
      </QueryClientProvider>
    );
    const { container, rerender } = render(page(false));
    await flush();
    expect(api.calls).toHaveLength(0);
    rerender(page(true));
    await vi.waitFor(async () => {
      await flush();
      expect(container.textContent).toBe('settled');
      expect(api.calls).toEqual([{ method: 'POST', path: '/api/v1/business-user-profiles/join', body: { businessCode: 'ACME-7K2QXH' } }]);
    });
    rerender(page(true));
    await flush();
    expect(api.calls).toHaveLength(1);
  });

  it('does not try a failed join again in a loop', async () => {
    localStorage.setItem('JoinBusinessCode', 'ACME-7K2QXH');
    const api = stubApi({ [JOIN]: () => json(503, { success: false, code: 'UNAVAILABLE', message: 'Try later' }) });
    const client = new QueryClient();
    const { container, rerender } = render(<QueryClientProvider client={client}><Probe signedIn={false} /></QueryClientProvider>);
    rerender(<QueryClientProvider client={client}><Probe signedIn /></QueryClientProvider>);
    await vi.waitFor(async () => {
      await flush();
      expect(container.textContent).toBe('settled');
    });
    await flush(20);
    expect(api.calls).toHaveLength(1);
  });
});
