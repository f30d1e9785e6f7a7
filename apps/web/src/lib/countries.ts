import { useQuery } from '@tanstack/react-query';
import { apiClient, type ApiResponse } from './api-client.ts';

/**
 * The country list of spec §4 (`GET v1/countries?show=yes&limit=255`, spec §7), shared by every
 * country input (components/form/CountryField.tsx) and by every page that shows a stored country
 * code as a name (`useCountryName`).
 */

/** A Country record of spec §3 as GET /v1/countries answers it (zod-free). */
export interface Country {
  entity: string;
  countryCode: string;
  currencyCode: string | null;
  /** Tonnes of CO2 per person per year. */
  carbonCountryPerCapita: number;
  year: number;
}

/** Spec §8: the message thrown when the country list cannot be loaded. */
export const COUNTRIES_FETCH_ERROR = 'Failed to load countries';

/** The country list's query key: also the key the server seeds it under on a rendered calculator page. */
export const COUNTRIES_QUERY_KEY = ['carbon', 'countries'] as const;

/** Already filtered (no emissions figure, no code) and sorted by name by the server (spec §4). */
export async function getCountries(): Promise<Country[]> {
  let response: ApiResponse<{ data: Country[] }>;
  try {
    response = await apiClient.get<{ data: Country[] }>('v1/countries', { query: { show: 'yes', limit: 255 } });
  } catch {
    throw new Error(COUNTRIES_FETCH_ERROR);
  }
  if (!response.ok || !Array.isArray(response.data?.data)) throw new Error(COUNTRIES_FETCH_ERROR);
  return response.data.data;
}

export function useCountries() {
  // Reference data: changes only when the server is re-seeded.
  return useQuery({ queryKey: COUNTRIES_QUERY_KEY, queryFn: getCountries, staleTime: 60 * 60 * 1000, retry: 1 });
}

let regionNames: Intl.DisplayNames | null | undefined;

/**
 * A country's name for a stored two-letter code: the list's name, else (a country the list leaves
 * out, having no emissions figure) the English region name, else the code as it is.
 */
export function countryNameOf(code: string | null | undefined, countries: readonly Country[] | undefined): string {
  const upper = (code ?? '').trim().toUpperCase();
  if (!upper) return '';
  const listed = countries?.find((country) => country.countryCode === upper);
  if (listed) return listed.entity;
  if (regionNames === undefined) {
    try {
      regionNames = new Intl.DisplayNames(['en'], { type: 'region' });
    } catch {
      regionNames = null;
    }
  }
  try {
    const name = regionNames?.of(upper);
    if (name && name !== upper) return name;
  } catch {
    /* not a region code */
  }
  return upper;
}

/** `name(code)` with the list once it has loaded. */
export function useCountryName(): (code: string | null | undefined) => string {
  const countries = useCountries();
  return (code) => countryNameOf(code, countries.data);
}
