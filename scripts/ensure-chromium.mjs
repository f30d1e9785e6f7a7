// Browser tests drive Debian's Chromium through playwright-core; no test tool downloads a browser.
// Installs it when missing and we are root, otherwise says how to install it.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

if (existsSync(CHROMIUM)) process.exit(0);

if (typeof process.getuid === 'function' && process.getuid() === 0) {
  console.log(`Chromium not found at ${CHROMIUM}; installing Debian's chromium package…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [['update', '-qq'], ['install', '-y', '-qq', 'chromium']]) {
    const run = spawnSync('apt-get', args, { stdio: 'inherit', env });
    if (run.status !== 0) {
      console.error(`apt-get ${args.join(' ')} failed (exit ${run.status}).`);
      process.exit(1);
    }
  }
  if (existsSync(CHROMIUM)) process.exit(0);
}

console.error(
  `Browser tests need Chromium at ${CHROMIUM}.\n` +
    'Install it with:  sudo apt-get install -y chromium\n' +
    'or point CHROMIUM_PATH at an existing Chromium binary.',
);
process.exit(1);
