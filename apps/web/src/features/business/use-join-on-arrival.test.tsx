import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render } from '../../test/render.tsx';
import { flush, json, stubApi } from '../../test/dom.ts';
import { useJoinOnArrival } from './use-join-on-arrival.ts';
import { useJoinedBusiness } from './api.ts';

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

  it('shows the membership the join made even when the page read it before the join committed', async () => {
    // The employer page reads the membership as it mounts, alongside the join. That read can be
    // answered (no membership yet) after the join has answered; refetching then must not ride
    // on it, or the page says "You have not joined a business" until the next reload.
    localStorage.setItem('JoinBusinessCode', 'ACME-7K2QXH');
    let joinAnswered!: () => void;
    const joinDone = new Promise<void>((resolve) => (joinAnswered = resolve));
    let reads = 0;
    const membership = { _id: 'm1', role: 'employee', businessId: { name: 'Canopy Works', businessCode: 'CANOPY' } };
    stubApi({
      [JOIN]: () => {
        setTimeout(joinAnswered, 0);
        return json(201, { success: true, data: { role: 'employee' } });
      },
      'GET /api/v1/business-user-profiles/user/u1': async () => {
        reads += 1;
        if (reads > 1) return json(200, { success: true, data: membership });
        // The first read ran before the join: it answers "none", but only after the join has.
        await joinDone;
        await new Promise((resolve) => setTimeout(resolve, 5));
        return json(200, { success: true, data: null });
      },
    });
    function Page() {
      const joined = useJoinedBusiness('u1');
      const joining = useJoinOnArrival(true);
      if (joining || joined.isPending) return <p>loading</p>;
      return <p>{joined.data ? joined.data.businessId.name : 'none'}</p>;
    }
    const { container } = render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { staleTime: 60_000, retry: false } } })}>
        <Page />
      </QueryClientProvider>,
    );
    await vi.waitFor(async () => {
      await flush();
      expect(container.textContent).toBe('Canopy Works');
    });
  });
});
