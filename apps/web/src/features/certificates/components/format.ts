/** "1 tonne CO₂e", "2.5 tonnes CO₂e". */
export const formatTonnes = (tonnes: number) => `${tonnes.toLocaleString('en-GB', { maximumFractionDigits: 3 })} ${tonnes === 1 ? 'tonne' : 'tonnes'} CO₂e`;

/** "23 Nov 2026" (long: "23 November 2026") for an ISO date or date-time, in UTC so server and browser agree. */
export function formatDate(iso: string, month: 'short' | 'long' = 'short'): string {
  const date = new Date(iso.length === 10 ? `${iso}T00:00:00Z` : iso);
  return date.toLocaleDateString('en-GB', { day: 'numeric', month, year: 'numeric', timeZone: 'UTC' });
}

export const BENEFICIARY_TYPE = { person: 'Person', business: 'Business', event: 'Event' } as const;
