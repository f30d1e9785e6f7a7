import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter, Route, Routes } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { BusinessEvent, EventLive } from '@app/contract/events';
import { setCookie } from '../../../lib/cookies.ts';
import { resetSession, setSession } from '../../session/session-store.ts';
import { cleanup, clearAllCookies, click, render } from '../../../test/render.tsx';
import { flush, getButton, json, stubApi, typeInto } from '../../../test/dom.ts';
import { EventPage } from './EventPage.tsx';
import { EventLiveView } from '../components/EventLiveView.tsx';
import { formatDay } from '../../../lib/dates.ts';

const EVENT: BusinessEvent = {
  _id: 'e1',
  id: 'e1',
  businessCode: 'GREENLEAF-7K2QXH',
  businessName: 'Greenleaf',
  conferanceCode: 'CLIMATESUM-7K2QXH',
  name: 'Climate Summit',
  description: 'Two days on net zero',
  startDate: '2026-05-04',
  endDate: '2026-05-05',
  location: 'London',
  country: 'GB',
  expectedAttendees: 250,
  imageUrl: '',
  attendeeCount: 3,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

function renderAt(ui: React.ReactNode, path = '/events/CLIMATESUM-7K2QXH') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/events/:code" element={ui} />
          <Route path="/login" element={<p>Login page</p>} />
          <Route path="/products" element={<p>Offsets</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

async function until(done: () => boolean, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  while (!done() && Date.now() < deadline) await flush(2);
}

/** The input inside the label whose caption is `text`. */
function field(scope: ParentNode, text: string): HTMLInputElement {
  const label = [...scope.querySelectorAll('label')].find((element) => element.querySelector('.field__label')?.textContent?.trim().startsWith(text));
  const input = label?.querySelector('input, select');
  if (!input) throw new Error(`no field "${text}"`);
  return input as HTMLInputElement;
}

beforeEach(() => {
  clearAllCookies();
  // A guest's event tie lives in localStorage: one test's tie must not reach the next.
  localStorage.clear();
  resetSession();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the public event page', () => {
  it('shows the event to a visitor, asks them to sign in to join, and records their footprint with their email', async () => {
    const api = stubApi({
      'GET /api/v1/business-events/event/CLIMATESUM-7K2QXH': () => json(200, { success: true, data: EVENT }),
      'POST /api/v1/business-event-user-carbon-foot-prints': (call) =>
        json(201, { success: true, data: { ...(call.body as object), _id: 'f1', totalKg: 42.4, breakdown: { travel: 20, accommodation: 20, catering: 2.4 }, updatedAt: '2026-05-04T10:00:00.000Z' } }),
    });
    const { container } = renderAt(<EventPage />);
    await until(() => container.textContent!.includes('Climate Summit'));
    expect(container.querySelector('h1')?.textContent).toBe('Climate Summit');
    expect(container.textContent).toContain(`${formatDay('2026-05-04')} – ${formatDay('2026-05-05')}`);
    expect(container.querySelector('[data-testid="attendee-count"]')?.textContent).toBe('3 of 250 expected');
    expect([...container.querySelectorAll('a')].find((a) => a.textContent === 'Sign in to join')?.getAttribute('href')).toBe('/login?next=%2Fevents%2FCLIMATESUM-7K2QXH');

    click(getButton(container, 'Record my footprint'));
    await flush();
    expect(container.textContent).toContain('Enter your email address');
    expect(container.textContent).toContain('Add a journey, a hotel stay or your meals');
    expect(api.calls.some((call) => call.method === 'POST')).toBe(false);

    typeInto(field(container, 'Email'), 'vera@example.com');
    typeInto(field(container, 'Journey 1: distance'), '120');
    typeInto(field(container, 'Vegan'), '2');
    click(getButton(container, 'Record my footprint'));
    await until(() => container.querySelector('[data-testid="my-footprint"]') !== null);
    const posted = api.calls.find((call) => call.method === 'POST')!;
    expect(posted.body).toEqual({ conferanceCode: 'CLIMATESUM-7K2QXH', email: 'vera@example.com', inputs: { travel: [{ mode: 'rail', distanceKm: 120, roundTrip: true }], hotel: [], meals: [{ type: 'vegan', count: 2 }] } });
    expect(container.querySelector('[data-testid="my-footprint"]')?.textContent).toContain('42 kg CO2e');
    // Viewing an event (and recording a footprint for it) ties nothing to the cart (issue 26).
    expect(localStorage.getItem('conferenceCode')).toBeNull();
    expect(localStorage.getItem('userEventId')).toBe('f1');
  });

  it('lets a signed-in person join, and says so', async () => {
    setCookie('JWTToken', 'a.b.c');
    setSession({ isLoggedIn: true, email: 'ada@example.com', user: { _id: 'u1', email: 'ada@example.com', firstName: 'Ada', lastName: 'Green', createdAt: '' } });
    let joined = false;
    stubApi({
      'GET /api/v1/business-events/event/CLIMATESUM-7K2QXH': () => json(200, { success: true, data: { ...EVENT, joined, attendeeCount: joined ? 4 : 3 } }),
      'GET /api/v1/business-user-carbon-foot-prints/user/u1': () => json(200, { success: true, data: [] }),
      'POST /api/v1/business-events/join': () => {
        joined = true;
        return json(201, { success: true, message: 'You joined Climate Summit', data: { _id: 'a1', eventId: 'e1', conferanceCode: EVENT.conferanceCode, userId: 'u1', joinedAt: '', event: { ...EVENT, joined: true, attendeeCount: 4 } } });
      },
    });
    const { container } = renderAt(<EventPage />);
    await until(() => container.textContent!.includes('Join this event'));
    expect(container.textContent).not.toContain('Email *');
    click(getButton(container, 'Join this event'));
    await until(() => container.querySelector('[data-testid="joined"]') !== null);
    expect(container.querySelector('[data-testid="attendee-count"]')?.textContent).toBe('4 of 250 expected');
  });

  it('"Buy for this event" ties a signed-in cart on the server and goes to the offsets; nothing before the click', async () => {
    setCookie('JWTToken', 'a.b.c');
    setSession({ isLoggedIn: true, email: 'ada@example.com', user: { _id: 'u1', email: 'ada@example.com', firstName: 'Ada', lastName: 'Green', createdAt: '' } });
    const api = stubApi({
      'GET /api/v1/business-events/event/CLIMATESUM-7K2QXH': () => json(200, { success: true, data: EVENT }),
      'GET /api/v1/business-user-carbon-foot-prints/user/u1': () => json(200, { success: true, data: [] }),
      'PATCH /api/v1/carts': () => json(200, { success: true, data: { itemCount: 0, conferanceCode: EVENT.conferanceCode } }),
    });
    const { container } = renderAt(<EventPage />);
    await until(() => container.textContent!.includes('Buy for this event'));
    expect(api.calls.some((call) => call.method === 'PATCH')).toBe(false);
    click(getButton(container, 'Buy for this event'));
    await until(() => container.textContent === 'Offsets');
    expect(api.calls.find((call) => call.method === 'PATCH')?.body).toEqual({ products: [], conferanceCode: 'CLIMATESUM-7K2QXH' });
  });

  it('"Buy for this event" keeps a guest\'s tie in the browser until they sign in', async () => {
    const api = stubApi({ 'GET /api/v1/business-events/event/CLIMATESUM-7K2QXH': () => json(200, { success: true, data: EVENT }) });
    const { container } = renderAt(<EventPage />);
    await until(() => container.textContent!.includes('Buy for this event'));
    expect(localStorage.getItem('conferenceCode')).toBeNull();
    click(getButton(container, 'Buy for this event'));
    await until(() => container.textContent === 'Offsets');
    expect(localStorage.getItem('conferenceCode')).toBe('CLIMATESUM-7K2QXH');
    expect(api.calls.some((call) => call.method === 'PATCH')).toBe(false);
  });

  it('says when no event has the code', async () => {
    stubApi({ 'GET /api/v1/business-events/event/NOPE-ABCDEF': () => json(404, { success: false, message: 'No event has this conference code', code: 'NOT_FOUND' }) });
    const { container } = renderAt(<EventPage />, '/events/NOPE-ABCDEF');
    await until(() => container.querySelector('[data-testid="event-missing"]') !== null);
    expect(container.textContent).toContain('We could not find this event');
  });
});

describe("the owner's live view", () => {
  it('shows the totals, the parts and every attendee with their footprint', async () => {
    const live: EventLive = {
      event: EVENT,
      attendeeCount: 1,
      footprintCount: 2,
      totalKg: 100,
      perAttendeeKg: 50,
      breakdown: { travel: 50, accommodation: 25, catering: 25 },
      attendees: [
        { email: 'ada@example.com', name: 'Ada Green', userId: 'u1', joinedAt: '2026-05-04T09:00:00.000Z', footprint: { totalKg: 60, breakdown: { travel: 30, accommodation: 15, catering: 15 }, updatedAt: '' } },
        { email: 'vera@example.com', name: '', userId: null, joinedAt: null, footprint: { totalKg: 40, breakdown: { travel: 20, accommodation: 10, catering: 10 }, updatedAt: '' } },
      ],
      truncated: false,
      refreshedAt: '2026-05-04T10:00:00.000Z',
    };
    stubApi({ 'GET /api/v1/business-events/live/e1': () => json(200, { success: true, data: live }) });
    const { container } = renderAt(<EventLiveView eventId="e1" />);
    await until(() => container.querySelector('[data-testid="event-live"]') !== null);
    expect(container.querySelector('[data-testid="live-total"]')?.textContent).toBe('100 kg CO2e');
    const rows = [...container.querySelectorAll('[data-testid="live-attendee"]')].map((row) => row.textContent);
    expect(rows[0]).toContain('Ada Green');
    expect(rows[0]).toContain('60 kg CO2e');
    expect(rows[1]).toContain('vera@example.com');
    expect(rows[1]).toContain('Visitor');
    expect(container.textContent).toContain('50 kg CO2e (50%)');
  });
});
