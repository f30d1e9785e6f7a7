/**
 * The world's CO2 per person, for comparison beside a country's. The country list leaves World
 * out (it has no ISO code, spec §4), so the figure is kept here with its source and year.
 */
export const WORLD_PER_CAPITA = {
  /** Tonnes of fossil CO2 per person per year. */
  tonnes: 4.729,
  year: 2024,
  /** Consumption-based CO2 per person (OWID World row, data year 2022). */
  consumptionTonnes: 4.658,
  consumptionYear: 2022,
  /** What a household sends as its "country" to use the world average (issue 27.5). */
  code: 'WORLD',
  source: 'Our World in Data, based on the Global Carbon Budget (CC BY 4.0), entity World (OWID_WRL)',
} as const;
