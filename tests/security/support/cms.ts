/**
 * One seeded CMS per test file, booted in-process on its own database (SQLite, or a fresh
 * PostgreSQL database when TEST_DATABASE_URL is set) and served over real HTTP:
 *
 *   const cms = sharedCms({ env: { … } });   // then cms().url and cms().strapi inside hooks and tests
 */
export { sharedCms, type CmsHandle } from '../../reliability/support/cms';
export { createBuyers, type Buyer } from '../../reliability/support/shop';
