/**
 * A vitest reporter that writes why a run failed to the file named by SALA_WHY_FILE: each
 * failed test with the first lines of its error, each file or suite whose hooks failed, and each
 * error thrown outside a test (vitest fails the run on those while every test passes). The test
 * script prints it under the run's summary, where a CI log's tail shows it.
 */
import fs from 'node:fs';
import path from 'node:path';

const LINES_PER_ERROR = 8;

function excerpt(error) {
  const text = String(error?.stack || error?.message || error);
  return text
    .split('\n')
    .filter((line) => !/node_modules|node:internal/.test(line))
    .slice(0, LINES_PER_ERROR)
    .map((line) => `    ${line}`)
    .join('\n');
}

export default class WhyReporter {
  onTestRunEnd(testModules, unhandledErrors) {
    const file = process.env.SALA_WHY_FILE;
    if (!file) return;
    const out = [];
    for (const module of testModules) {
      const name = path.relative(process.cwd(), module.moduleId);
      for (const error of module.errors()) out.push(`  ${name}: the file failed\n${excerpt(error)}`);
      for (const child of module.children.allSuites()) {
        for (const error of child.errors()) out.push(`  ${name} › ${child.fullName}: a hook failed\n${excerpt(error)}`);
      }
      for (const test of module.children.allTests('failed')) {
        for (const error of test.result().errors ?? []) out.push(`  ${name} › ${test.fullName}\n${excerpt(error)}`);
      }
    }
    for (const error of unhandledErrors) out.push(`  an error outside any test\n${excerpt(error)}`);
    if (out.length) fs.writeFileSync(file, `${out.join('\n')}\n`);
    else fs.rmSync(file, { force: true });
  }
}
