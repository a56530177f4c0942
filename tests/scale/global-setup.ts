/**
 * The compiled CMS and the storefront's production build the suite's processes run (the
 * security suite's setup: SALA_PREBUILT_CMS_DIST and SALA_PREBUILT_STOREFRONT_BUILD from the
 * caller, else made here), once PostgreSQL and Redis are known to answer.
 */
import securitySetup from '../security/global-setup';
import { sharedServices } from './support/services';

export default async function setup() {
  const services = await sharedServices();
  if (!services.ok) return; // the test file says why it skips
  return securitySetup();
}
