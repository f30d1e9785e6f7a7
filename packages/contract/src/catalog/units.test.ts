import { describe, expect, it } from 'vitest';
import { formatTonnesNumber, gapShareClosed, isTonneUnit, tonnesInWords, lineImpact, pricePerUnit, quantityWithUnit, tonnesRetiredBy } from './units.ts';

describe('units of a product (issue 26.10)', () => {
  it('offsets are priced per tonne CO₂e and counted in tonnes; goods stay a bare count', () => {
    for (const unit of ['tonne CO2e', 'tonnes CO2e', 'tonne', 't']) expect(isTonneUnit(unit)).toBe(true);
    expect(pricePerUnit('tonne CO2e')).toBe('per tonne CO₂e');
    expect(pricePerUnit('item')).toBeNull();
    expect(pricePerUnit('')).toBeNull();
    expect(pricePerUnit('pack')).toBe('per pack');
    expect(quantityWithUnit(1, 'tonne CO2e')).toBe('1 t CO₂e');
    expect(quantityWithUnit(2.5, 'tonne CO2e')).toBe('2.5 t CO₂e');
    expect(quantityWithUnit(3, 'item')).toBe('3');
    expect(quantityWithUnit(3, 'pack')).toBe('3 pack');
  });

  it('tonnes read with up to three decimals, none trailing, thousands grouped', () => {
    expect(quantityWithUnit(1204.5, 'tonne CO2e')).toBe('1,204.5 t CO₂e');
    expect(formatTonnesNumber(0.001)).toBe('0.001');
    expect(formatTonnesNumber(2.00049)).toBe('2');
    expect(formatTonnesNumber(1 / 3)).toBe('0.333');
    expect(formatTonnesNumber(12.5)).toBe('12.5');
    expect(tonnesInWords(1)).toBe('1 tonne CO₂e');
    expect(tonnesInWords(2.5)).toBe('2.5 tonnes CO₂e');
    expect(tonnesInWords(1204)).toBe('1,204 tonnes CO₂e');
  });
});

describe('impact on every line (issue 27.4)', () => {
  it('an offset line retires its tonnes; goods claim nothing', () => {
    expect(lineImpact(3, 'tonne CO2e')).toBe('Retires 3 t CO₂e');
    expect(lineImpact(3, 'item')).toBeNull();
  });

  it('an order retires the tonnes of its offset lines and closes that share of the gap, at most all of it', () => {
    const lines = [
      { quantity: 2, unit: 'tonne CO2e' },
      { quantity: 5, unit: 'item' },
      { quantity: 1.5, unit: 'tonne CO2e' },
    ];
    expect(tonnesRetiredBy(lines)).toBe(3.5);
    expect(gapShareClosed(3.5, 7000)).toBe(0.5);
    expect(gapShareClosed(3.5, 2000)).toBe(1);
    expect(gapShareClosed(3.5, 0)).toBeNull();
    expect(gapShareClosed(3.5, null)).toBeNull();
  });
});
