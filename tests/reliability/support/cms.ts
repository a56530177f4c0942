/**
 * One CMS per test file, shared by the scenarios the file runs one after the other.
 * Booting Strapi costs far more than one round of any attack, so a file boots once and
 * every scenario repeats only its attack on fresh records (buyers, courses, coupons and
 * students of its own, never another scenario's). Call at the top level of the file:
 *
 *   const cms = sharedCms({ env: { … } });   // then cms() inside hooks and tests
 */
import { afterAll, beforeAll } from 'vitest';
import { startStrapi, type StartOptions, type TestStrapi } from '../../../cms/tests/helpers/strapi';

export type CmsHandle = () => TestStrapi;

export function sharedCms(options: StartOptions = {}): CmsHandle {
  let cms: TestStrapi | undefined;
  beforeAll(async () => {
    cms = await startStrapi(options);
  }, 600_000);
  afterAll(async () => {
    await cms?.stop();
  }, 120_000);
  return () => {
    if (!cms) throw new Error('the shared CMS is not booted yet: call it inside hooks and tests');
    return cms;
  };
}
