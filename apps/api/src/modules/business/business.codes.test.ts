import { describe, expect, it } from 'vitest';
import { businessCodeSchema, businessSlugSchema } from '@app/contract/business';
import { codePrefix, newJoinCodes, slugFor } from './business.codes.ts';

describe('business codes', () => {
  it('start with the folded name and are valid codes a person can type', () => {
    const codes = newJoinCodes('Grüne Blätter GmbH & Co.');
    expect(codes.businessCode).toMatch(/^GRUNEBLATT-[2-9A-HJ-NP-Z]{6}$/);
    expect(codes.employeeJoinCode).toMatch(/^GRUNEBLATT-EMP-[2-9A-HJ-NP-Z]{8}$/);
    expect(codes.supplierCode).toMatch(/^GRUNEBLATT-SUP-[2-9A-HJ-NP-Z]{8}$/);
    expect(codes.distributorCode).toMatch(/^GRUNEBLATT-DIS-[2-9A-HJ-NP-Z]{8}$/);
    for (const code of Object.values(codes)) expect(businessCodeSchema.safeParse(code).success).toBe(true);
  });

  it("fall back to BIZ for names without Latin letters, and differ between draws", () => {
    expect(codePrefix('株式会社')).toBe('BIZ');
    const drawn = new Set(Array.from({ length: 200 }, () => newJoinCodes('Acme').businessCode));
    expect(drawn.size).toBe(200);
  });

  it('make slugs that pass the slug rule, with a suffix after a collision', () => {
    expect(slugFor('Greenleaf  Ltd!')).toBe('greenleaf-ltd');
    expect(slugFor('Éco')).toBe('eco');
    expect(slugFor('株式会社')).toBe('business');
    expect(slugFor('Greenleaf Ltd', 1)).toMatch(/^greenleaf-ltd-[2-9a-hj-np-z]{4}$/);
    for (const name of ['A', 'x'.repeat(200), '---', 'Café & Co']) expect(businessSlugSchema.safeParse(slugFor(name)).success).toBe(true);
  });
});
