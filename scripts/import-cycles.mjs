#!/usr/bin/env node
// Finds import cycles that count type-only imports too. ESLint's import-x/no-cycle skips `import type`
// (those vanish at run time), but a cycle of types still ties the layers of docs/house-style together.
// Resolves like the ESLint config (tsconfig paths, workspace packages) and prints each cycle's files
// with the edges that close it. Exit 1 when there is a cycle. `--json` prints the cycles as JSON.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import ts from 'typescript';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const WORKSPACES = ['shared', 'cms', 'storefront', 'payment-sandbox'];
const SKIP = new Set(['node_modules', 'dist', 'build', 'public', 'coverage', 'types', '.cache', '.tmp', '.strapi', '.vite']);
const PROJECTS = ['storefront/tsconfig.json', 'cms/tsconfig.json', 'cms/tests/tsconfig.json', 'shared/tsconfig.json', 'payment-sandbox/tsconfig.json', 'tsconfig.json'];

function sourceFiles(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.isDirectory()) return SKIP.has(entry.name) || /^(dist|build)-/.test(entry.name) ? [] : sourceFiles(path.join(dir, entry.name));
    return /\.(ts|tsx|mts|mjs)$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path.join(dir, entry.name)] : [];
  });
}

/** Module specifiers of a file: imports, re-exports, `import x = require()`, dynamic import() and `import('x').T` types. */
function specifiersOf(file) {
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const found = [];
  const visit = (node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) found.push(node.moduleSpecifier.text);
    else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference) && ts.isStringLiteral(node.moduleReference.expression))
      found.push(node.moduleReference.expression.text);
    else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0] && ts.isStringLiteral(node.arguments[0])) found.push(node.arguments[0].text);
    else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) found.push(node.argument.literal.text);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

export function findCycles(root = ROOT) {
  const resolver = createTypeScriptImportResolver({ project: PROJECTS.map((p) => path.join(root, p)), alwaysTryTypes: true, noWarnOnMultipleProjects: true });
  const files = WORKSPACES.flatMap((w) => (fs.existsSync(path.join(root, w)) ? sourceFiles(path.join(root, w)) : []));
  const known = new Set(files);
  const graph = new Map(
    files.map((file) => [
      file,
      [
        ...new Set(
          specifiersOf(file)
            .filter((s) => s.startsWith('.') || s.startsWith('~') || s.startsWith('@sala/'))
            .map((s) => resolver.resolve(s, file))
            .filter((r) => r.found && known.has(r.path))
            .map((r) => r.path),
        ),
      ],
    ]),
  );

  // Tarjan's strongly connected components, iterative (deep import chains).
  let counter = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const cycles = [];
  for (const start of files) {
    if (index.has(start)) continue;
    const work = [{ node: start, next: 0 }];
    index.set(start, counter);
    low.set(start, counter++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1];
      const edges = graph.get(frame.node);
      if (frame.next < edges.length) {
        const to = edges[frame.next++];
        if (!index.has(to)) {
          index.set(to, counter);
          low.set(to, counter++);
          stack.push(to);
          onStack.add(to);
          work.push({ node: to, next: 0 });
        } else if (onStack.has(to)) low.set(frame.node, Math.min(low.get(frame.node), index.get(to)));
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1].node;
        low.set(parent, Math.min(low.get(parent), low.get(frame.node)));
      }
      if (low.get(frame.node) === index.get(frame.node)) {
        const component = [];
        let member;
        do {
          member = stack.pop();
          onStack.delete(member);
          component.push(member);
        } while (member !== frame.node);
        const self = graph.get(frame.node).includes(frame.node);
        if (component.length > 1 || self) {
          const inside = new Set(component);
          const rel = (f) => path.relative(root, f);
          cycles.push(
            component.sort().map((f) => ({
              file: rel(f),
              imports: graph
                .get(f)
                .filter((to) => inside.has(to))
                .map(rel)
                .sort(),
            })),
          );
        }
      }
    }
  }
  return cycles;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const cycles = findCycles();
  if (process.argv.includes('--json')) console.log(JSON.stringify(cycles, null, 2));
  else {
    for (const cycle of cycles) {
      console.error(`import cycle through ${cycle.length} files (type imports included):`);
      for (const { file, imports } of cycle) console.error(`  ${file} → ${imports.join(', ')}`);
    }
    if (cycles.length === 0) console.log('no import cycles');
  }
  process.exitCode = cycles.length > 0 ? 1 : 0;
}
