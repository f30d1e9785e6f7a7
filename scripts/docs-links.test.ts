import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The README and docs/ are what a newcomer follows: every relative link must lead to a file that
 * exists (and to a heading that exists, when it names one), and every `npm run <script>` they
 * mention must be a script of the workspace it runs in.
 */
const root = path.resolve(import.meta.dirname, '..');

function markdownFiles(): string[] {
  const files = [path.join(root, 'README.md')];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (name.endsWith('.md')) files.push(full);
    }
  };
  walk(path.join(root, 'docs'));
  return files;
}

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens. */
function anchorsOf(file: string): Set<string> {
  const anchors = new Set<string>();
  let inFence = false;
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (line.startsWith('```')) inFence = !inFence;
    const heading = !inFence && /^#{1,6}\s+(.*)$/.exec(line);
    if (!heading) continue;
    const slug = heading[1]
      .trim()
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    anchors.add(slug);
  }
  return anchors;
}

function linksOf(file: string): string[] {
  const text = readFileSync(file, 'utf8').replace(/```[\s\S]*?```/g, '');
  return [...text.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]);
}

const scripts = new Set(Object.keys(JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).scripts));

describe('README and docs', () => {
  for (const file of markdownFiles()) {
    const name = path.relative(root, file);
    it(`${name}: every relative link leads to a file and heading that exist`, () => {
      const broken: string[] = [];
      for (const link of linksOf(file)) {
        if (/^(https?:|mailto:)/.test(link)) continue;
        const [target, anchor] = link.split('#');
        const resolved = target ? path.resolve(path.dirname(file), decodeURI(target)) : file;
        if (!existsSync(resolved)) {
          broken.push(`${link} (no such file)`);
          continue;
        }
        if (anchor && resolved.endsWith('.md') && !anchorsOf(resolved).has(anchor)) broken.push(`${link} (no such heading)`);
      }
      expect(broken).toEqual([]);
    });

    it(`${name}: every "npm run" script it names exists`, () => {
      const text = readFileSync(file, 'utf8');
      const named = [...text.matchAll(/npm run ([a-z][\w:-]*)/g)].map((m) => m[1]);
      expect(named.filter((script) => !scripts.has(script))).toEqual([]);
    });
  }
});
