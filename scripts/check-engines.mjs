#!/usr/bin/env node
/**
 * Every installed package must run on every Node version package.json promises (its
 * `engines.node`): otherwise `npm ci` prints EBADENGINE warnings on a Node we say we support,
 * and the package may fail there. Run it with `npm run check:engines`; scripts/engines.test.ts
 * runs it in CI, so a dependency upgrade that drops one of our Node versions fails the build.
 *
 * "Runs on every version we promise" is semver's subset: ours `^20.19.0 || ^22.12.0 || >=24`
 * passes a package wanting `^20.19.0 || >=22.12.0`, but not one wanting `>=22`.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import semver from 'semver';

const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));

/**
 * The packages of the lockfile (what `npm ci` installs) whose `engines.node` does not cover
 * ours, read from node_modules where installed (optional packages of other platforms are not),
 * else from the lockfile. Each: `{ name, version, wants }`.
 */
export function engineMismatches(root) {
  const ours = readJson(path.join(root, 'package.json')).engines?.node;
  if (!ours || !semver.validRange(ours)) return { ours, checked: 0, mismatches: [{ name: 'package.json', version: '', wants: `engines.node must be a version range, not ${JSON.stringify(ours)}` }] };
  const lock = readJson(path.join(root, 'package-lock.json'));
  const mismatches = [];
  let checked = 0;
  for (const [where, entry] of Object.entries(lock.packages ?? {})) {
    // '' is the root and apps/… the workspaces: ours. Links point at a workspace.
    if (!where.includes('node_modules/') || entry.link) continue;
    const installed = path.join(root, where, 'package.json');
    const pkg = existsSync(installed) ? readJson(installed) : entry.optional ? null : entry;
    if (!pkg) continue;
    checked += 1;
    const wants = pkg.engines?.node;
    if (wants === undefined || typeof wants !== 'string') continue;
    const name = pkg.name ?? where.slice(where.lastIndexOf('node_modules/') + 'node_modules/'.length);
    if (!semver.validRange(wants) || !semver.subset(ours, wants)) mismatches.push({ name, version: pkg.version ?? entry.version, wants });
  }
  return { ours, checked, mismatches };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const { ours, checked, mismatches } = engineMismatches(root);
  if (mismatches.length === 0) {
    console.log(`${checked} packages checked: every one supports Node ${ours} (package.json engines.node).`);
  } else {
    console.error(`package.json promises Node ${ours}, but ${mismatches.length} installed package(s) want otherwise:`);
    for (const { name, version, wants } of mismatches) console.error(`  ${name}@${version} wants node ${wants}`);
    console.error('Pin a version that supports our Node range (package.json "overrides"), or change engines.node and the README together.');
    process.exit(1);
  }
}
