import { isCmsHealthy } from '~/lib/cms.server';

/** Load balancers and the browser tests wait on this: up only when the CMS behind it answers too. */
export async function loader() {
  const cmsUp = await isCmsHealthy();
  return new Response(cmsUp ? 'OK' : 'CMS unavailable', {
    status: cmsUp ? 200 : 503,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
  });
}
