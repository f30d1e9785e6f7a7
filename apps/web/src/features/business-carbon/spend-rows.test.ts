import { describe, expect, it } from 'vitest';
import { spendFactor } from '@app/contract/carbon';
import { inputsFromRows, newRow, offsetGap, parseUsd, rowsFrom, SPEND_CATEGORIES } from './spend-rows.ts';

describe('spend rows', () => {
  it('parses dollar amounts people type and refuses the rest', () => {
    expect(parseUsd('12,500')).toBe(12_500);
    expect(parseUsd(' $3000.50 ')).toBe(3000.5);
    expect(parseUsd('0')).toBe(0);
    for (const bad of ['-5', 'abc', '1.234', '1e5', '', '2e13'.replace('e', '0000000000000')]) expect(parseUsd(bad)).toBeNull();
  });

  it('turns rows into the request, skipping blank amounts, keeping stored travel, naming bad rows', () => {
    const rows = [newRow('481111', '10,000'), newRow('721110', ''), newRow('541511', 'lots')];
    const previous = { spend: [], flights: [{ distanceKm: 100, cabin: 'average' as const, roundTrip: false, travellers: 1 }], hotelStays: [], surfaceTravel: [], radiativeForcing: false };
    const { body, errors } = inputsFromRows(rows, previous);
    expect(body).toEqual({ spend: [{ naics: '481111', usd: 10_000 }], flights: previous.flights, hotelStays: [], surfaceTravel: [], radiativeForcing: false });
    expect(Object.keys(errors)).toEqual([String(rows[2].id)]);
  });

  it('starts with one empty row and reads stored spend back', () => {
    expect(rowsFrom(null)).toHaveLength(1);
    const rows = rowsFrom({ spend: [{ naics: '722511', usd: 3000 }], flights: [], hotelStays: [], surfaceTravel: [], radiativeForcing: true });
    expect(rows.map(({ naics, usd }) => ({ naics, usd }))).toEqual([{ naics: '722511', usd: '3000' }]);
  });

  it('lists the model’s common categories with their factors (B1: air travel 0.976 kg per dollar)', () => {
    expect(SPEND_CATEGORIES.find((c) => c.naics === '481111')?.kgPerUsd).toBe(0.976);
    // The copies here agree with the contract's table, which the server prices with.
    for (const category of SPEND_CATEGORIES) expect(spendFactor(category.naics)?.kgPerUsd, category.naics).toBe(category.kgPerUsd);
    expect(new Set(SPEND_CATEGORIES.map((c) => c.naics)).size).toBe(SPEND_CATEGORIES.length);
  });

  it('compares footprint and offsets in tonnes', () => {
    expect(offsetGap({ totalKg: 13_269, offsets: { tonnesRetired: 4, orders: 2 } })).toMatchObject({ footprintTonnes: 13.269, retiredTonnes: 4, remainingTonnes: 13.269 - 4 });
    expect(offsetGap({ totalKg: 2_000, offsets: { tonnesRetired: 5, orders: 1 } })).toMatchObject({ remainingTonnes: 0, coveredShare: 1 });
    expect(offsetGap({ totalKg: 0, offsets: { tonnesRetired: 0, orders: 0 } }).coveredShare).toBe(0);
  });
});
