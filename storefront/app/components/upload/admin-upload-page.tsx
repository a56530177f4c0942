/** Pieces the administrator's upload pages share: their cache policy and their error screen (403 for anyone but a shop administrator). */
import { chakra } from '@chakra-ui/react';
import { Link } from '@remix-run/react';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { useT } from '~/models/i18n';

/** Pages with an administrator's data are never kept by any cache. */
export const PRIVATE_PAGE = 'private, no-store';

function Forbidden() {
  const t = useT();
  return (
    <chakra.section role="alert" maxW="2xl" mx="auto" px="4" py={{ base: '12', md: '20' }} textAlign="center" data-testid="admin-forbidden">
      <chakra.h1 fontSize={{ base: '2xl', md: '3xl' }} fontWeight="700">
        {t('admin_forbidden_title')}
      </chakra.h1>
      <chakra.p mt="3" mb="6" color="fg.muted">
        {t('admin_forbidden_text')}
      </chakra.p>
      <chakra.span color="brand" fontWeight="600" textDecoration="underline" asChild>
        <Link to="/">{t('nav_home')}</Link>
      </chakra.span>
    </chakra.section>
  );
}

export function AdminUploadsErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={{ 403: () => <Forbidden /> }} />;
}
