import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import * as carbon from '@app/contract/carbon';
import * as contract from '@app/contract';

/** Every module reachable from `start` through relative imports. */
function reachable(start: string, seen = new Set<string>()): Set<string> {
  if (seen.has(start)) return seen;
  seen.add(start);
  for (const match of readFileSync(start, 'utf8').matchAll(/(?:import|export)[^'"]*from\s+'(\.[^']+)'/g)) {
    reachable(path.resolve(path.dirname(start), match[1]), seen);
  }
  return seen;
}

describe('@app/contract/carbon subpath', () => {
  it('resolves and exposes the same calculators as the package root', () => {
    expect(carbon.calculateHousehold).toBe(contract.calculateHousehold);
    expect(typeof carbon.calculateFlights).toBe('function');
    expect(carbon.FACTOR_SET_YEAR).toBe(2025);
  });

  it('imports no zod anywhere, so the browser can load it without the schemas', () => {
    const files = reachable(path.resolve(import.meta.dirname, 'index.ts'));
    expect(files.size).toBeGreaterThan(5);
    for (const file of files) expect(readFileSync(file, 'utf8'), file).not.toMatch(/from\s+'zod'/);
  });
});
