/** Display rounding only: the model's numbers stay unrounded everywhere else. */
export const formatTonnes = (kg: number) => `${(kg / 1000).toLocaleString('en', { minimumFractionDigits: 1, maximumFractionDigits: 1 })} t`;
export const formatKg = (kg: number) => `${Math.round(kg).toLocaleString('en')} kg`;

export const HOUSEHOLD_COMPONENT_LABELS = {
  homeEnergy: 'Home energy',
  surfaceTransport: 'Getting around',
  goodsAndServices: 'Goods and services',
  diet: 'Food',
  flights: 'Flights',
} as const;

export const LEVEL_LABELS = { low: 'Low', medium: 'Medium', high: 'High' } as const;
