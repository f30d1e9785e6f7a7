import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BusinessCarbonInputsBody, BusinessCarbonRollup, BusinessCarbonSave, BusinessCarbonYearInputs, OwnBusinessSustainabilityProfile, PublicBusinessSustainabilityProfile, SaveBusinessCarbonBody } from '@app/contract/business-carbon';
import type { SustainabilityProfileBody } from '@app/contract/sustainability';
import { apiClient, type ApiResponse } from '../../lib/api-client.ts';
import { NETWORK_ERROR_MESSAGE, readApiError, type ApiError } from '../../lib/api-error.ts';
import { USER_SCOPED_QUERY_KEY } from '../../lib/query-keys.ts';

/**
 * The business carbon calls and the business-sustainability profile as the pages use them.
 * Answers are typed by the contract (the server checked them); no zod is loaded here.
 */
interface Envelope<T> {
  success: true;
  message?: string;
  data: T;
}

/** A failed call: the server's message and the fields it named, for forms. */
export class BusinessCarbonCallError extends Error {
  constructor(readonly failure: ApiError, readonly status: number | null) {
    super(failure.message);
    this.name = 'BusinessCarbonCallError';
  }
}

async function send<T>(method: 'get' | 'put' | 'patch', path: string, fallback: string, body?: unknown, query?: Record<string, string>): Promise<Envelope<T>> {
  let response: ApiResponse<Envelope<T>>;
  try {
    response = method === 'get' ? await apiClient.get<Envelope<T>>(path, { query }) : await apiClient[method]<Envelope<T>>(path, body, { query });
  } catch {
    throw new BusinessCarbonCallError({ message: NETWORK_ERROR_MESSAGE, status: 0, code: null }, null);
  }
  if (!response.ok || !response.data) throw new BusinessCarbonCallError(readApiError(response, fallback), response.status);
  return response.data;
}

export const businessCarbonKeys = {
  all: [...USER_SCOPED_QUERY_KEY, 'business-carbon'] as const,
  rollup: (businessCode: string) => [...businessCarbonKeys.all, 'rollup', businessCode] as const,
  yearInputs: (businessCode: string, year: number) => [...businessCarbonKeys.all, 'year-inputs', businessCode, year] as const,
  ownProfile: (businessCode: string) => [...businessCarbonKeys.all, 'profile', businessCode] as const,
  publicProfile: (slug: string) => ['business-sustainability', 'public', slug] as const,
};

/** `GET v1/business-profiles/get/carbon-calculations?businessCode=` (owner only). */
export function useCarbonRollup(businessCode: string) {
  return useQuery({
    queryKey: businessCarbonKeys.rollup(businessCode),
    queryFn: async () => (await send<BusinessCarbonRollup>('get', 'v1/business-profiles/get/carbon-calculations', "The business's footprint could not be loaded.", undefined, { businessCode })).data,
  });
}

/**
 * `PUT /v1/business-profiles/carbon-inputs/{businessCode}?year=`: this year's inputs (no year) answer the
 * new roll-up, which replaces the cached one; an earlier year's leave the roll-up alone. Either way
 * that year's inputs and report are read again.
 */
export function useSaveCarbonInputs(businessCode: string, year?: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BusinessCarbonInputsBody) =>
      send<BusinessCarbonRollup>('put', `v1/business-profiles/carbon-inputs/${encodeURIComponent(businessCode)}`, 'The spend could not be saved.', body, year === undefined ? undefined : { year: String(year) }),
    onSuccess: (answer) => {
      if (year === undefined || year === new Date().getUTCFullYear()) client.setQueryData(businessCarbonKeys.rollup(businessCode), answer.data);
      void client.invalidateQueries({ queryKey: [...businessCarbonKeys.all, 'year-inputs', businessCode] });
      void client.invalidateQueries({ queryKey: [...businessCarbonKeys.all, 'report', businessCode] });
    },
  });
}

/** `GET /v1/business-profiles/carbon-inputs/{businessCode}?year=` (owner only): one year's inputs as stored. */
export function useYearInputs(businessCode: string, year: number, enabled = true) {
  return useQuery({
    queryKey: businessCarbonKeys.yearInputs(businessCode, year),
    queryFn: async () => (await send<BusinessCarbonYearInputs>('get', `v1/business-profiles/carbon-inputs/${encodeURIComponent(businessCode)}`, "The year's spend could not be loaded.", undefined, { year: String(year) })).data,
    enabled,
  });
}

/** `PATCH v1/business-user-profiles/save-carbon-calculations`. */
export function useSaveToBusiness() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveBusinessCarbonBody) => send<BusinessCarbonSave>('patch', 'v1/business-user-profiles/save-carbon-calculations', 'Your footprint could not be saved to your business.', body),
    // The owner's roll-up and the member figures (business feature) change with it.
    onSuccess: () => client.invalidateQueries({ queryKey: USER_SCOPED_QUERY_KEY }),
  });
}

export async function getOwnBusinessProfile(businessCode: string): Promise<OwnBusinessSustainabilityProfile> {
  return (await send<OwnBusinessSustainabilityProfile>('get', `v1/business-sustainability-profiles/me/${encodeURIComponent(businessCode)}`, "Your business's sustainability profile could not be loaded.")).data;
}

export const saveOwnBusinessProfile = (businessCode: string, body: SustainabilityProfileBody) =>
  apiClient.put<Envelope<OwnBusinessSustainabilityProfile>>(`v1/business-sustainability-profiles/me/${encodeURIComponent(businessCode)}`, body);

/** null when there is no such public profile (404). */
export async function getPublicBusinessProfile(slug: string): Promise<PublicBusinessSustainabilityProfile | null> {
  const response = await apiClient.get<Envelope<PublicBusinessSustainabilityProfile>>(`v1/business-sustainability-profiles/slug/${encodeURIComponent(slug)}`);
  if (response.status === 404 || response.status === 400) return null;
  if (!response.ok || !response.data) throw new Error('This profile could not be loaded');
  return response.data.data;
}
