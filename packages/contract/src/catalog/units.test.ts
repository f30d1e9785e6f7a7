import { describe, expect, it } from 'vitest';
import { isTonneUnit, pricePerUnit, quantityWithUnit } from './units.ts';

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
});
