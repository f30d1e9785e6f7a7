import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AttendeeFootprintInputs, BusinessEvent, EventAttendance, EventFootprint, EventLive, EventStats, MemberFootprint } from '@app/contract/events';
import { EVENT_LIVE_REFRESH_MS } from '@app/contract/events-rules';
import { apiClient, type ApiResponse } from '../../lib/api-client.ts';
import { NETWORK_ERROR_MESSAGE, readApiError, type ApiError } from '../../lib/api-error.ts';
import { USER_SCOPED_QUERY_KEY } from '../../lib/query-keys.ts';

/**
 * The event calls of spec §7 as the event pages use them. Answers are typed by the contract
 * (the server checked them), so no zod is loaded here.
 */
interface Envelope<T> {
  success: true;
  message?: string;
  data: T;
  meta?: { page: number; size: number; total: number };
}

/** A failed call: the server's message, status and the fields it named, for forms. */
export class EventCallError extends Error {
  constructor(readonly failure: ApiError, readonly status: number | null) {
    super(failure.message);
    this.name = 'EventCallError';
  }
}

async function send<T>(method: 'get' | 'post' | 'put', path: string, fallback: string, body?: unknown, query?: Record<string, string | number>): Promise<Envelope<T>> {
  let response: ApiResponse<Envelope<T>>;
  try {
    response = method === 'get' ? await apiClient.get<Envelope<T>>(path, { query }) : await apiClient[method]<Envelope<T>>(path, body);
  } catch {
    throw new EventCallError({ message: NETWORK_ERROR_MESSAGE, status: 0, code: null }, null);
  }
  if (!response.ok || !response.data) throw new EventCallError(readApiError(response, fallback), response.status);
  return response.data;
}

export const eventKeys = {
  scoped: [...USER_SCOPED_QUERY_KEY, 'events'] as const,
  /** User-scoped too: with a token the answer says whether the person joined. */
  byCode: (code: string) => [...USER_SCOPED_QUERY_KEY, 'events', 'code', code.toUpperCase()] as const,
  business: (businessCode: string, page: number) => [...eventKeys.scoped, 'business', businessCode, page] as const,
  stats: (businessCode: string) => [...eventKeys.scoped, 'stats', businessCode] as const,
  live: (eventId: string) => [...eventKeys.scoped, 'live', eventId] as const,
  footprints: (userId: string) => [...eventKeys.scoped, 'footprints', userId] as const,
};

const code = (value: string) => encodeURIComponent(value.trim());

/** `GET v1/business-events/event/{code}`: public; a 404 is an answer (no such event), not a retry. */
export function useEventByCode(conferanceCode: string, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: eventKeys.byCode(conferanceCode),
    enabled: options.enabled ?? true,
    retry: (count, error) => !(error instanceof EventCallError && error.status !== null && error.status < 500) && count < 2,
    queryFn: async () => (await send<BusinessEvent>('get', `v1/business-events/event/${code(conferanceCode)}`, 'The event could not be loaded.')).data,
  });
}

/** A person's footprints (`GET v1/business-user-carbon-foot-prints/user/{id}`): their own, or a member's for the owner. */
export function useMemberFootprints(userId: string | undefined) {
  return useQuery({
    queryKey: eventKeys.footprints(userId ?? ''),
    enabled: Boolean(userId),
    queryFn: async () => (await send<MemberFootprint[]>('get', `v1/business-user-carbon-foot-prints/user/${encodeURIComponent(userId!)}`, 'Your footprints could not be loaded.')).data,
  });
}

/**
 * The signed-in person's own footprint for this event, or null: read from their footprint list,
 * which answers 200 with or without one, so a first visit logs no failed request.
 */
export function useMyEventFootprint(conferanceCode: string, userId: string | undefined) {
  const list = useMemberFootprints(userId);
  const found = list.data?.find((row) => row.event?.conferanceCode.toUpperCase() === conferanceCode.toUpperCase()) ?? null;
  return { ...list, data: list.data ? found : undefined };
}

export function useBusinessEvents(businessCode: string, page: number, size = 10) {
  return useQuery({
    queryKey: eventKeys.business(businessCode, page),
    placeholderData: keepPreviousData,
    queryFn: async () => {
      const answer = await send<BusinessEvent[]>('get', `v1/business-events/${code(businessCode)}`, 'The events could not be loaded.', undefined, { page, size });
      return { events: answer.data, total: answer.meta?.total ?? answer.data.length, size: answer.meta?.size ?? size };
    },
  });
}

/** The owner's per-event figures (first page of fifty: the panel shows them beside each event). */
export function useEventStats(businessCode: string) {
  return useQuery({
    queryKey: eventKeys.stats(businessCode),
    queryFn: async () => (await send<EventStats[]>('get', `v1/business-events/stats/${code(businessCode)}`, 'The event figures could not be loaded.', undefined, { page: 1, size: 50 })).data,
  });
}

/** The owner's live view: asked again every few seconds while open (TanStack Query refetchInterval), so new footprints appear by themselves. */
export function useEventLive(eventId: string) {
  return useQuery({
    queryKey: eventKeys.live(eventId),
    refetchInterval: EVENT_LIVE_REFRESH_MS,
    refetchIntervalInBackground: false,
    queryFn: async () => (await send<EventLive>('get', `v1/business-events/live/${eventId}`, 'The live footprint could not be loaded.')).data,
  });
}

export function useJoinEvent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (conferanceCode: string) => send<EventAttendance & { event: BusinessEvent }>('post', 'v1/business-events/join', 'You could not join this event just now.', { conferanceCode }),
    onSuccess: (answer) => {
      client.setQueryData(eventKeys.byCode(answer.data.conferanceCode), answer.data.event);
      void client.invalidateQueries({ queryKey: eventKeys.scoped });
    },
  });
}

export function useRecordFootprint() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { conferanceCode: string; email?: string; name?: string; inputs: AttendeeFootprintInputs }) =>
      send<EventFootprint>('post', 'v1/business-event-user-carbon-foot-prints', 'Your footprint could not be recorded.', body),
    onSuccess: (answer) => {
      // Spec §3 stored key: the attendee's record for the event, as the order flow reads it.
      remember('userEventId', answer.data._id);
      void client.invalidateQueries({ queryKey: eventKeys.scoped });
    },
  });
}

/** Create (POST, multipart with the image) or edit (PUT, multipart) an event; the form's FormData goes as it is. */
export function useSaveEvent(eventId: string | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (form: FormData) =>
      eventId ? send<BusinessEvent>('put', `v1/business-events/${eventId}`, 'The event could not be saved.', form) : send<BusinessEvent>('post', 'v1/business-events', 'The event could not be created.', form),
    onSuccess: (answer) => {
      client.setQueryData(eventKeys.byCode(answer.data.conferanceCode), answer.data);
      void client.invalidateQueries({ queryKey: eventKeys.scoped });
    },
  });
}

function remember(key: string, value: string) {
  try {
    localStorage.setItem(key, value);
  } catch {
    /* storage unavailable: nothing depends on it */
  }
}
