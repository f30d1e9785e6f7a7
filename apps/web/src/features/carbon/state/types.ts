/** A Country record of spec §3 as GET /v1/countries answers it (zod-free, for the calculator). */
export interface Country {
  entity: string;
  countryCode: string;
  currencyCode: string | null;
  /** Tonnes of CO2 per person per year. */
  carbonCountryPerCapita: number;
  year: number;
}

export interface AirportOption {
  code: string;
  name: string;
  city: string | null;
  country: string;
  latitude: number;
  longitude: number;
}
