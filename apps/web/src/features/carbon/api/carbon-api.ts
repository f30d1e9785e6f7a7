import { useQuery } from '@tanstack/react-query';
import type { SavedFootprint } from '@app/contract/footprints';
import type { OwnSustainabilityProfile, PublicSustainabilityProfile, SustainabilityProfileBody, UploadResult } from '@app/contract/sustainability';
import { apiClient, type ApiResponse } from '../../../lib/api-client.ts';
import type { AirportOption } from '../state/types.ts';

interface Data<T> {
  success: true;
  message?: string;
  data: T;
}

// The country list moved to lib/countries.ts (every country input and name shares it).
export { COUNTRIES_FETCH_ERROR, COUNTRIES_QUERY_KEY, getCountries, useCountries } from '../../../lib/countries.ts';

/** Airport type-ahead (`GET /api/airports?q=&limit=`). */
export async function searchAirports(q: string, limit = 8): Promise<AirportOption[]> {
  const response = await apiClient.get<Data<AirportOption[]>>('airports', { query: { q, limit } });
  if (!response.ok || !Array.isArray(response.data?.data)) throw new Error('Airport search is not available right now');
  return response.data.data;
}

export const footprintKeys = {
  all: ['carbon', 'footprints'] as const,
  list: (kind?: string) => [...footprintKeys.all, 'list', kind ?? 'all'] as const,
};

export async function listFootprints(kind?: string): Promise<SavedFootprint[]> {
  const response = await apiClient.get<{ data: SavedFootprint[] }>('v1/carbon/footprints', { query: { kind, size: 100 } });
  if (!response.ok || !response.data) throw new Error('Your saved footprints could not be loaded');
  return response.data.data;
}

/** Tonnes the signed-in user has retired (offsets in their paid orders): the other side of the footprint. */
export async function getOffsetsRetired(): Promise<{ tonnesRetired: number; orders: number }> {
  const response = await apiClient.get<Data<{ tonnesRetired: number; orders: number }>>('v1/carbon/offsets');
  if (!response.ok || !response.data) throw new Error('Your offsets could not be loaded');
  return response.data.data;
}

export function useOffsetsRetired(enabled: boolean) {
  return useQuery({ queryKey: [...footprintKeys.all, 'offsets'], queryFn: getOffsetsRetired, enabled });
}

export function useFootprints(enabled: boolean, kind?: string) {
  return useQuery({ queryKey: footprintKeys.list(kind), queryFn: () => listFootprints(kind), enabled });
}

export const saveFootprint = (kind: SavedFootprint['kind'], inputs: unknown) =>
  apiClient.post<Data<SavedFootprint>>('v1/carbon/footprints', { kind, inputs });

export const deleteFootprint = (id: string) => apiClient.delete<{ message: string }>(`v1/carbon/footprints/${encodeURIComponent(id)}`);
/** Show a saved footprint on your public sustainability page, or stop showing it. */
export const setFootprintPublic = (id: string, visible: boolean) => apiClient.patch<{ message: string }>(`v1/carbon/footprints/${encodeURIComponent(id)}`, { public: visible });

export const profileKeys = {
  own: ['sustainability', 'own'] as const,
  public: (slug: string) => ['sustainability', 'public', slug] as const,
};

export async function getOwnProfile(): Promise<OwnSustainabilityProfile> {
  const response = await apiClient.get<Data<OwnSustainabilityProfile>>('v1/sustainability-profile');
  if (!response.ok || !response.data) throw new Error('Your sustainability profile could not be loaded');
  return response.data.data;
}

export const saveOwnProfile = (body: SustainabilityProfileBody) => apiClient.put<Data<OwnSustainabilityProfile>>('v1/sustainability-profile', body);

/** null when there is no such public profile (404). */
export async function getPublicProfile(slug: string): Promise<PublicSustainabilityProfile | null> {
  const response = await apiClient.get<Data<PublicSustainabilityProfile>>(`v1/sustainability-profiles/${encodeURIComponent(slug)}`);
  if (response.status === 404) return null;
  if (!response.ok || !response.data) throw new Error('This profile could not be loaded');
  return response.data.data;
}

export function uploadImage(file: File) {
  const form = new FormData();
  form.append('file', file);
  return apiClient.post<Data<UploadResult>>('v1/uploads', form);
}
