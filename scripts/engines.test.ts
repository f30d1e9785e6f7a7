import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain .mjs script without types
import { engineMismatches } from './check-engines.mjs';

/** Issue 26 item 19: `npm ci` warned EBADENGINE for packages wanting Node 22 while we promise 20.19. */
const root = path.resolve(import.meta.dirname, '..');

describe('the Node versions we promise and our dependencies agree', () => {
  it('every installed package supports every Node version of package.json engines.node', () => {
    const { checked, mismatches } = engineMismatches(root);
    expect(checked).toBeGreaterThan(300);
    expect(mismatches).toEqual([]);
  });

  it('finds a package that wants a newer Node than we promise (the check can fail)', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'engines-'));
    try {
      writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ engines: { node: '^20.19.0 || >=22.12.0' } }));
      const packages = { '': {}, 'node_modules/new-only': { version: '3.0.0' }, 'node_modules/fine': { version: '1.0.0' }, 'node_modules/other-os': { version: '1.0.0', optional: true, engines: { node: '>=99' } } };
      writeFileSync(path.join(dir, 'package-lock.json'), JSON.stringify({ packages }));
      for (const [name, wants] of [['new-only', '>=22'], ['fine', '>=18']]) {
        mkdirSync(path.join(dir, 'node_modules', name!), { recursive: true });
        writeFileSync(path.join(dir, 'node_modules', name!, 'package.json'), JSON.stringify({ name, version: '1.0.0', engines: { node: wants } }));
      }
      expect(engineMismatches(dir).mismatches).toEqual([{ name: 'new-only', version: '1.0.0', wants: '>=22' }]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
