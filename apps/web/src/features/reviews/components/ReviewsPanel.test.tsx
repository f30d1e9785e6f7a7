import { act, type ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { MemoryRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Review } from '@app/contract/reviews';
import { cleanup, getAllByText, render } from '../../../test/render.tsx';
import { clickAndSettle } from '../../../test/input.ts';
import { resetSession, setSession } from '../../session/session-store.ts';
import { ReviewList } from './ReviewList.tsx';
import { ReviewWriter, WHO_CAN_REVIEW } from './ReviewWriter.tsx';
import { formatDate } from '../../../lib/dates.ts';

const PRODUCT = { id: '0196f0c4-0000-7000-8000-000000000001', name: 'Kenya Clean Cookstoves' };
const ORDER = '0196f0c4-0000-7000-8000-0000000000a1';

function review(n: number): Review {
  return {
    _id: `r${n}`,
    product: PRODUCT.id,
    order: `o${n}`,
    rating: (n % 5) + 1,
    comment: `Comment number ${n}`,
    reviewer: { name: `Buyer${n} G.` },
    BusinessId: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
  };
}

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The answers of the review calls, by path: the page of reviews, and the eligibility. */
function answer(routes: Record<string, (url: URL) => Response>): Mock<typeof fetch> {
  return vi.fn<typeof fetch>(async (input) => {
    const url = new URL(String(input), 'http://localhost');
    for (const [pattern, respond] of Object.entries(routes)) if (url.pathname.includes(pattern)) return respond(url);
    return json({ success: false, message: 'Not found', code: 'NOT_FOUND' }, 404);
  });
}

async function flush() {
  for (let i = 0; i < 6; i++) {
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
  }
}

function renderWith(ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/products/kenya-cookstoves']}>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => resetSession());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  resetSession();
});

describe('ReviewList', () => {
  it('shows five reviews, then more on "Show more reviews", until all are shown', async () => {
    const all = Array.from({ length: 7 }, (_, i) => review(i + 1));
    vi.stubGlobal(
      'fetch',
      answer({
        '/product': (url) => {
          const page = Number(url.searchParams.get('page'));
          const size = Number(url.searchParams.get('size'));
          return json({ success: true, data: all.slice((page - 1) * size, page * size), meta: { page, size, total: 7 }, summary: { averageRating: 3.3, reviewCount: 7 } });
        },
      }),
    );
    const { container } = renderWith(<ReviewList productId={PRODUCT.id} />);
    await flush();
    const items = () => [...container.querySelectorAll('[data-testid="review"]')];
    expect(items()).toHaveLength(5);
    expect(items()[0]!.textContent).toContain('Buyer1 G.');
    expect(items()[0]!.textContent).toContain(formatDate('2026-11-20T10:00:00.000Z'));
    await clickAndSettle(getAllByText(container, 'Show more reviews', 'button')[0]!);
    await flush();
    expect(items()).toHaveLength(7);
    expect(getAllByText(container, 'Show more reviews', 'button')).toHaveLength(0);
  });

  it('says so when there are none, and offers Retry when they cannot be loaded', async () => {
    vi.stubGlobal('fetch', answer({ '/product': () => json({ success: true, data: [], meta: { page: 1, size: 5, total: 0 }, summary: { averageRating: null, reviewCount: 0 } }) }));
    const empty = renderWith(<ReviewList productId={PRODUCT.id} />);
    await flush();
    expect(empty.container.textContent).toContain('No reviews yet.');
    cleanup();

    vi.stubGlobal('fetch', answer({ '/product': () => json({ success: false, message: 'boom', code: 'INTERNAL_ERROR' }, 500) }));
    const failed = renderWith(<ReviewList productId={PRODUCT.id} />);
    await flush();
    expect(failed.container.querySelector('[role="alert"]')?.textContent).toContain('Failed to fetch reviews');
    expect(getAllByText(failed.container, 'Retry', 'button')).toHaveLength(1);
  });
});

describe('ReviewWriter', () => {
  it('tells visitors who can review, with a way to sign in, and asks nothing of the server', async () => {
    const fetchMock = answer({});
    vi.stubGlobal('fetch', fetchMock);
    const { container } = renderWith(<ReviewWriter product={PRODUCT} />);
    await flush();
    expect(container.textContent).toContain(WHO_CAN_REVIEW);
    expect(container.querySelector('a')?.getAttribute('href')).toBe('/login?next=%2Fproducts%2Fkenya-cookstoves%23reviews');
    expect(container.querySelector('form')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows a signed-in user without a paid order who can review, and no form', async () => {
    setSession({ isLoggedIn: true });
    vi.stubGlobal('fetch', answer({ '/eligibility/': () => json({ success: true, data: { product: PRODUCT.id, orders: [] } }) }));
    const { container } = renderWith(<ReviewWriter product={PRODUCT} />);
    await flush();
    expect(container.textContent).toContain(`${WHO_CAN_REVIEW} Once you have bought it, you can review it here.`);
    expect(container.querySelector('form')).toBeNull();
  });

  it('gives a buyer the form for an order not reviewed yet, and "Edit your review" for one that is', async () => {
    setSession({ isLoggedIn: true });
    vi.stubGlobal('fetch', answer({ '/eligibility/': () => json({ success: true, data: { product: PRODUCT.id, orders: [{ order: ORDER, BusinessId: null, paidAt: '2026-11-01T00:00:00.000Z', reviewId: null }] } }) }));
    const open = renderWith(<ReviewWriter product={PRODUCT} />);
    await flush();
    expect(open.container.querySelector('form h3')?.textContent).toBe('Write a review');
    cleanup();

    setSession({ isLoggedIn: true });
    vi.stubGlobal(
      'fetch',
      answer({
        '/eligibility/': () => json({ success: true, data: { product: PRODUCT.id, orders: [{ order: ORDER, BusinessId: null, paidAt: null, reviewId: 'r1' }] } }),
        [`/review/${PRODUCT.id}/${ORDER}`]: () => json({ success: true, data: { ...review(1), _id: 'r1', rating: 3, comment: 'Works well' } }),
      }),
    );
    const reviewed = renderWith(<ReviewWriter product={PRODUCT} />);
    await flush();
    expect(reviewed.container.querySelector('form')).toBeNull();
    expect(reviewed.container.textContent).toContain('You reviewed this product.');
    await clickAndSettle(getAllByText(reviewed.container, 'Edit your review', 'button')[0]!);
    await flush();
    expect(reviewed.container.querySelector('form h3')?.textContent).toBe('Edit your review');
    expect(reviewed.container.querySelector('textarea')?.value).toBe('Works well');
    expect([...reviewed.container.querySelectorAll<HTMLInputElement>('input[type="radio"]')].findIndex((r) => r.checked)).toBe(2);
  });

  it('lets the author delete their review after confirming, and sends DELETE v1/review/{id}', async () => {
    setSession({ isLoggedIn: true });
    let reviewed = true;
    const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
      const url = new URL(String(input), 'http://localhost');
      if (init?.method === 'DELETE' && url.pathname.endsWith('/v1/review/r1')) {
        reviewed = false;
        return json({ success: true, message: 'Your review was deleted' });
      }
      if (url.pathname.includes('/eligibility/')) return json({ success: true, data: { product: PRODUCT.id, orders: [{ order: ORDER, BusinessId: null, paidAt: null, reviewId: reviewed ? 'r1' : null }] } });
      return json({ success: false, message: 'Not found', code: 'NOT_FOUND' }, 404);
    });
    vi.stubGlobal('fetch', fetchMock);
    const view = renderWith(<ReviewWriter product={PRODUCT} />);
    await flush();
    await clickAndSettle(getAllByText(view.container, 'Delete it', 'button')[0]!);
    await flush();
    expect(document.body.textContent).toContain('Delete your review?');
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);
    await clickAndSettle(getAllByText(document.body, 'Delete', 'button').find((button) => button.textContent === 'Delete')!);
    await flush();
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'DELETE').map(([input]) => new URL(String(input), 'http://localhost').pathname)).toEqual(['/api/v1/review/r1']);
    expect(view.container.querySelector('form h3')?.textContent).toBe('Write a review');
  });
});
