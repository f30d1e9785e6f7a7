import { describe, expect, it } from 'vitest';
import type { Airport } from '@app/contract';
import { AirportIndex, normalise } from './airport-index.ts';

const airport = (code: string, name: string, city: string | null): Airport => ({ code, name, city, country: 'XX', latitude: 0, longitude: 0 });

const index = new AirportIndex([
  airport('QQQ', 'Abc Field', 'Elsewhere'),
  airport('RRR', 'Big Abcville Airport', null),
  airport('ABC', 'Xyz International', 'Somewhere'),
  airport('ABD', 'Other', 'Abcton'),
  airport('ZRH', 'Zürich Airport', 'Zürich'),
  airport('SSS', 'Sao Tome Field', 'São Tomé'),
]);

describe('AirportIndex', () => {
  it('ranks the exact code first, then code/name/city prefixes, then later-word prefixes', () => {
    expect(index.search('abc', 10).map((a) => a.code)).toEqual(['ABC', 'QQQ', 'ABD', 'RRR']);
  });

  it('is case- and accent-insensitive both ways', () => {
    expect(index.search('ZURICH', 10).map((a) => a.code)).toEqual(['ZRH']);
    expect(index.search('zür', 10).map((a) => a.code)).toEqual(['ZRH']);
    expect(index.search('sao tome', 10).map((a) => a.code)).toEqual(['SSS']);
    expect(index.search('tomé', 10).map((a) => a.code)).toEqual(['SSS']);
  });

  it('lists each airport once and honours the limit', () => {
    expect(index.search('a', 10).filter((a) => a.code === 'QQQ')).toHaveLength(1);
    expect(index.search('a', 2)).toHaveLength(2);
  });

  it('finds nothing for text that matches nothing or only punctuation', () => {
    expect(index.search('qqqq', 10)).toEqual([]);
    expect(index.search('--', 10)).toEqual([]);
  });

  it('looks codes up in any case', () => {
    expect(index.get('zrh')?.name).toBe('Zürich Airport');
    expect(index.get('NOP')).toBeUndefined();
    expect(normalise('  São-Paulo / Guarulhos ')).toBe('sao paulo guarulhos');
  });
});
