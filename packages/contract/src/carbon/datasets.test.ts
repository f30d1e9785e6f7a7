import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const script = path.resolve(import.meta.dirname, '../../scripts/generate-carbon-data.mjs');
const committed = path.resolve(import.meta.dirname, 'datasets');
const sources = path.resolve(import.meta.dirname, '../../../../../shared/carbon/data');

describe('generated factor modules', () => {
  // The CSVs live beside the repository (shared/carbon/data), not in it; a clean clone skips this.
  it.skipIf(!existsSync(sources))('are what the generator makes from shared/carbon/data', () => {
    const out = mkdtempSync(path.join(tmpdir(), 'carbon-datasets-'));
    try {
      execFileSync(process.execPath, [script, sources, out]);
      const generated = readdirSync(out).sort();
      expect(generated).toEqual(['desnz-2025-air.ts', 'desnz-2025-hotel.ts', 'useeio-v1.2.ts']);
      for (const file of generated) expect(readFileSync(path.join(out, file), 'utf8'), file).toBe(readFileSync(path.join(committed, file), 'utf8'));
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });
});
