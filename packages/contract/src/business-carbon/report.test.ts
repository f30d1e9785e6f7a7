import { describe, expect, it } from 'vitest';
import { businessReportParamsSchema, ghgCategoryOfNaics } from './report.ts';

describe('ghgCategoryOfNaics (decision 0049)', () => {
  it.each([
    ['481111', 'scope3.6'], // scheduled passenger air
    ['721110', 'scope3.6'], // hotels
    ['485510', 'scope3.6'], // charter bus
    ['484121', 'scope3.4'], // long-distance trucking
    ['493110', 'scope3.4'], // warehousing
    ['562212', 'scope3.5'], // landfill
    ['541511', 'scope3.1'], // custom programming
    ['722511', 'scope3.1'], // restaurants
    ['327310', 'scope3.1'], // cement
  ])('%s → %s', (naics, category) => expect(ghgCategoryOfNaics(naics)).toBe(category));
});

describe('businessReportParamsSchema', () => {
  it('takes four-digit years from 2000 and refuses the rest, naming year', () => {
    expect(businessReportParamsSchema.parse({ businessCode: 'ACME-123456', year: '2025' }).year).toBe(2025);
    for (const year of ['1999', '25', '20255', 'abcd', '2025.0', '-2025', '']) {
      const result = businessReportParamsSchema.safeParse({ businessCode: 'ACME-123456', year });
      expect(result.success, year).toBe(false);
      expect(result.error!.issues[0].path).toEqual(['year']);
    }
  });
});
