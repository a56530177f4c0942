// The lint rules of docs/house-style ("Layers") bite: a wrong-way import, a cycle and an impure shared/
// import each fail. Runs ESLint's Node API on the repository's own config.
// Run: node --test scripts/lint-rules.test.mjs
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { findCycles } from './import-cycles.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const eslint = new ESLint({ cwd: ROOT, overrideConfigFile: path.join(ROOT, 'eslint.config.mjs') });

/** Rule ids ESLint reports for `code` as if it were the file at `file` (relative to the repository root). */
async function rulesFor(file, code) {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  return result.messages.map((m) => m.ruleId ?? `fatal: ${m.message}`);
}

const TEMP = [];
/** A folder of throw-away modules inside the repository (the resolver and the layer zones only see real paths there). */
function tempFolder(inside) {
  const dir = fs.mkdtempSync(path.join(ROOT, inside, 'lint-rules-test-'));
  TEMP.push(dir);
  return dir;
}
after(() => {
  for (const dir of TEMP) fs.rmSync(dir, { recursive: true, force: true });
});

describe('storefront layers', () => {
  it('lib/ importing components/ is an error', async () => {
    assert.deepEqual(await rulesFor('storefront/app/lib/x.server.ts', "import { SiteNav } from '../components/site-nav';\nexport const n = SiteNav;\n"), ['import-x/no-restricted-paths']);
    assert.deepEqual(await rulesFor('storefront/app/lib/x.server.ts', "import { SiteNav } from '~/components/site-nav';\nexport const n = SiteNav;\n"), ['import-x/no-restricted-paths']);
  });

  it('lib/ importing the root route, even for a type, is an error', async () => {
    assert.deepEqual(await rulesFor('storefront/app/lib/x.ts', "import type { loader } from '../root';\nexport type L = typeof loader;\n"), ['import-x/no-restricted-paths']);
  });

  it('components/ importing routes or lib/*.server.ts is an error', async () => {
    assert.deepEqual(await rulesFor('storefront/app/components/x.tsx', "import { loader } from '~/routes/_index';\nexport const l = loader;\n"), ['import-x/no-restricted-paths']);
    assert.deepEqual(await rulesFor('storefront/app/components/cart/x.tsx', "import type { OrderView } from '~/lib/orders.server';\nexport type V = OrderView;\n"), ['import-x/no-restricted-paths']);
  });

  it('models/ imports no other layer', async () => {
    assert.deepEqual(await rulesFor('storefront/app/models/x.ts', "import { SiteNav } from '~/components/site-nav';\nexport const n = SiteNav;\n"), ['import-x/no-restricted-paths']);
    assert.deepEqual(await rulesFor('storefront/app/models/x.ts', "import { CmsError } from '~/lib/cms.server';\nexport const n = CmsError;\n"), ['import-x/no-restricted-paths']);
  });

  it('the right way round is clean', async () => {
    const route = [
      "import { SiteNav } from '~/components/site-nav';",
      "import { getLocale } from '~/lib/i18n.server';",
      "import { translate } from '~/models/i18n';",
      'export const all = [SiteNav, getLocale, translate];',
      '',
    ].join('\n');
    assert.deepEqual(await rulesFor('storefront/app/routes/x.tsx', route), []);
    assert.deepEqual(
      await rulesFor('storefront/app/lib/x.server.ts', "import { CmsError } from './cms.server';\nimport { translate } from '~/models/i18n';\nexport const f = [CmsError, translate];\n"),
      [],
    );
    assert.deepEqual(await rulesFor('storefront/app/components/x.tsx', "import { translate } from '~/models/i18n';\nexport const f = translate;\n"), []);
  });

  it('hooks follow the rules of hooks', async () => {
    const code = "import { useState } from 'react';\nexport function X({ on }: { on: boolean }) {\n  if (on) useState(0);\n  return null;\n}\n";
    assert.deepEqual(await rulesFor('storefront/app/components/x.tsx', code), ['react-hooks/rules-of-hooks']);
  });
});

describe('cms layers', () => {
  it('http/ importing api/ is an error', async () => {
    assert.deepEqual(await rulesFor('cms/src/http/x.ts', "import { createOrderRows } from '../api/checkout/lib/order-rows';\nexport const c = createOrderRows;\n"), ['import-x/no-restricted-paths']);
  });

  it('lib/ importing http/ or api/ is an error', async () => {
    assert.deepEqual(await rulesFor('cms/src/lib/x.ts', "import { findStudent } from '../http/auth';\nexport const c = findStudent;\n"), ['import-x/no-restricted-paths']);
    assert.deepEqual(await rulesFor('cms/src/lib/x.ts', "import { createOrderRows } from '../api/checkout/lib/order-rows';\nexport const c = createOrderRows;\n"), ['import-x/no-restricted-paths']);
  });
});

describe('shared stays pure', () => {
  for (const [specifier, rule] of [
    ['@sala/cms', 'no-restricted-imports'],
    ['@sala/storefront', 'no-restricted-imports'],
    ['@strapi/strapi', 'no-restricted-imports'],
    ['@remix-run/react', 'no-restricted-imports'],
    ['react', 'no-restricted-imports'],
    ['node:fs', 'no-restricted-imports'],
    ['fs', 'no-restricted-imports'],
    ['../../../cms/src/production', 'import-x/no-restricted-paths'],
    ['../../../storefront/app/models/i18n', 'import-x/no-restricted-paths'],
  ]) {
    it(`shared/src importing ${specifier} is an error`, async () => {
      assert.deepEqual(await rulesFor('shared/src/money/x.ts', `import * as m from '${specifier}';\nexport const x = m;\n`), [rule]);
    });
  }

  it('zod and its own modules are fine', async () => {
    assert.deepEqual(await rulesFor('shared/src/money/x.ts', "import { z } from 'zod';\nimport * as p from '../pricing/index';\nexport const x = [z, p];\n"), []);
  });
});

describe('cycles', () => {
  it('two storefront modules importing each other are a cycle', async () => {
    const dir = tempFolder('storefront/app');
    fs.writeFileSync(path.join(dir, 'a.ts'), "import { b } from './b';\nexport const a = () => b();\n");
    fs.writeFileSync(path.join(dir, 'b.ts'), "import { a } from './a';\nexport const b = () => a();\n");
    const results = await eslint.lintFiles([path.join(dir, 'a.ts'), path.join(dir, 'b.ts')]);
    assert.deepEqual(
      results.map((r) => r.messages.map((m) => m.ruleId)),
      [['import-x/no-cycle'], ['import-x/no-cycle']],
    );
  });

  it('a cycle of type imports is found by scripts/import-cycles.mjs', () => {
    const dir = tempFolder('cms/src');
    fs.writeFileSync(path.join(dir, 'a.ts'), "import type { B } from './b';\nexport type A = { b?: B };\n");
    fs.writeFileSync(path.join(dir, 'b.ts'), "import type { A } from './a';\nexport type B = { a?: A };\n");
    const rel = (f) => path.relative(ROOT, path.join(dir, f));
    const cycle = findCycles().find((c) => c.some(({ file }) => file === rel('a.ts')));
    assert.deepEqual(cycle, [
      { file: rel('a.ts'), imports: [rel('b.ts')] },
      { file: rel('b.ts'), imports: [rel('a.ts')] },
    ]);
  });
});
