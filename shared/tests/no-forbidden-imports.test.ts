import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * shared/ is the pure domain core: it runs in the browser, in Remix loaders and
 * inside Strapi alike, so it may import zod and its own modules only. No Node
 * built-ins, no file system, no Strapi, Remix or React.
 */
const SRC = join(dirname(fileURLToPath(import.meta.url)), '..', 'src');

const FORBIDDEN = [
  /^node:/,
  /^(fs|path|os|crypto|child_process|http|https|net|url|util|stream|buffer|process|worker_threads)(\/.*)?$/,
  /^@strapi\//,
  /^strapi/,
  /^@remix-run\//,
  /^remix/,
  /^react(-dom)?(\/.*)?$/,
];
/** What shipped code may import besides relative paths; test files may also use the test tools. */
const ALLOWED_PACKAGES = ['zod'];
const TEST_PACKAGES = ['vitest', 'fast-check'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? sourceFiles(join(dir, entry.name)) : /\.tsx?$/.test(entry.name) ? [join(dir, entry.name)] : []));
}

/** Every module specifier of a file: static imports and re-exports, dynamic import() and require(). */
function importsOf(code: string): string[] {
  const patterns = [/\b(?:import|export)\s+(?:type\s+)?(?:[\w*{}\s,$]+\s+from\s+)?['"]([^'"]+)['"]/g, /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g, /\brequire\s*\(\s*['"]([^'"]+)['"]\s*\)/g];
  return patterns.flatMap((pattern) => [...code.matchAll(pattern)].map((match) => match[1]));
}

describe('shared/src imports', () => {
  const files = sourceFiles(SRC);

  it('finds the source files to scan', () => {
    expect(files.length).toBeGreaterThan(10);
  });

  it('reads every kind of import statement', () => {
    const code = [
      "import { z } from 'zod';",
      "import type { Money } from '../money/index.js';",
      "export * from './types.js';",
      "import 'node:fs';",
      "const fs = await import('fs');",
      "const path = require('path');",
    ].join('\n');
    expect(importsOf(code)).toEqual(['zod', '../money/index.js', './types.js', 'node:fs', 'fs', 'path']);
  });

  it('has no node:, fs, path, Strapi, Remix or React import, and no package other than zod', () => {
    const offences: string[] = [];
    for (const file of files) {
      const isTest = /\.(test|test-helpers)\.ts$/.test(file);
      for (const specifier of importsOf(readFileSync(file, 'utf8'))) {
        const name = relative(SRC, file);
        if (FORBIDDEN.some((pattern) => pattern.test(specifier))) offences.push(`${name}: ${specifier}`);
        else if (!specifier.startsWith('.') && !ALLOWED_PACKAGES.includes(specifier) && !(isTest && TEST_PACKAGES.includes(specifier))) {
          offences.push(`${name}: ${specifier} (not an allowed package)`);
        }
      }
    }
    expect(offences).toEqual([]);
  });

  it('imports between shared modules with relative paths, never through @sala/shared', () => {
    const selfImports = files.filter((file) => importsOf(readFileSync(file, 'utf8')).some((s) => s.startsWith('@sala/')));
    expect(selfImports).toEqual([]);
  });
});
