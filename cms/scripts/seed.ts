/**
 * Seeds the Thai demo data into the database of cms/.env (DATABASE_FILENAME or DATABASE_URL).
 *
 *   npm run seed -w @sala/cms            seed an empty database (a no-op when a course exists)
 *   npm run seed -w @sala/cms -- --reset delete all content and the demo accounts, then seed again
 *
 * Boots Strapi without serving HTTP and without its start-up seed, then exits.
 */
import path from 'node:path';

type SeedModule = typeof import('../src/seed');

async function main(): Promise<void> {
  const reset = process.argv.includes('--reset');
  const appDir = path.resolve(__dirname, '..');
  process.chdir(appDir);
  process.env.SEED_DEMO = 'false';
  // A running CMS may hold the real-time port; this process does not need it.
  process.env.REALTIME_PORT ??= '0';

  // The CommonJS build: Strapi's ESM entry does not load under tsx.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { compileStrapi, createStrapi } = require('@strapi/strapi');
  const { distDir } = await compileStrapi({ appDir });
  const app = await createStrapi({ appDir, distDir, autoReload: false, serveAdminPanel: false }).load();
  try {
    // The compiled seed: the same code the CMS runs at start-up.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { seedDemo, DEMO_ACCOUNTS }: SeedModule = require(path.join(distDir, 'src', 'seed'));
    const result = await seedDemo(app, { reset });
    console.log(result.seeded ? `Demo data ${reset ? 're-seeded' : 'seeded'} in ${result.ms} ms.` : 'A course exists already: nothing seeded (use --reset to start over).');
    console.log('Demo accounts:');
    for (const account of Object.values(DEMO_ACCOUNTS)) {
      const login = 'username' in account ? account.username : account.email;
      console.log(`  ${account.area.padEnd(22)} ${login.padEnd(18)} ${account.password}  (${account.role})`);
    }
  } finally {
    await app.destroy();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
