/** "1 tonne CO₂e", "2.5 tonnes CO₂e". */
export const formatTonnes = (tonnes: number) => `${tonnes.toLocaleString('en-GB', { maximumFractionDigits: 3 })} ${tonnes === 1 ? 'tonne' : 'tonnes'} CO₂e`;

export const BENEFICIARY_TYPE = { person: 'Person', business: 'Business', event: 'Event' } as const;
