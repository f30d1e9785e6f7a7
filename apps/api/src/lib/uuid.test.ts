import { describe, expect, it } from 'vitest';
import { uuidv7 } from './uuid.ts';

describe('uuidv7', () => {
  it('sorts in creation order even within one millisecond', () => {
    const ids = Array.from({ length: 5000 }, () => uuidv7());
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids.slice(0, 10)) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('carries an explicit time when given one', () => {
    const at = Date.UTC(2024, 0, 1);
    const id = uuidv7(at);
    expect(parseInt(id.replace(/-/g, '').slice(0, 12), 16)).toBe(at);
  });
});
