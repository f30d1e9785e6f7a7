import { tonnesInWords } from '@app/contract/units';

/** "1 tonne CO₂e", "2.5 tonnes CO₂e". */
export const formatTonnes = tonnesInWords;

export const BENEFICIARY_TYPE = { person: 'Person', business: 'Business', event: 'Event' } as const;
