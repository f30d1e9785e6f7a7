// Builds the API into plain JavaScript for `npm start` (decision 0070): apps/api/src/server.ts
// and everything it imports from src/ and packages/contract, bundled into apps/api/dist/. Packages
// from node_modules stay outside the bundle and load from their own folders, as PGlite needs for
// its WebAssembly files. The output sits at the same depth as src/, so src/paths.ts finds
// apps/api from either. `--quiet` prints nothing on success.
import { rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

// The same folder src/paths.ts names; this script runs on plain Node, which cannot import that .ts file.
const apiRoot = path.resolve(import.meta.dirname, '..');

export async function buildServer() {
  const outdir = path.join(apiRoot, 'dist');
  rmSync(outdir, { recursive: true, force: true });
  await build({
    entryPoints: [path.join(apiRoot, 'src/server.ts')],
    outdir,
    bundle: true,
    // Code loaded only when needed (PGlite's driver, the PostgreSQL driver, the worker thread's
    // client) stays in its own file, loaded as before.
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    outExtension: { '.js': '.mjs' },
    // Readable stack traces without source maps: names kept, nothing minified.
    keepNames: true,
    logLevel: 'warning',
    plugins: [
      {
        // Bare imports are packages: left to Node, except the workspace's own contract (TypeScript).
        name: 'packages-stay-outside',
        setup(builder) {
          builder.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@app/') ? undefined : { path: args.path, external: true }));
        },
      },
    ],
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const started = performance.now();
  await buildServer();
  if (!process.argv.includes('--quiet')) console.log(`API built into apps/api/dist in ${Math.round(performance.now() - started)} ms`);
}
