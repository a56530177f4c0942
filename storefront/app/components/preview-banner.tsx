/** The band that marks a page as a preview of unsaved-to-the-public content (ADR 170). */
import { chakra } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useT } from '~/models/i18n';

export function PreviewBanner({ children }: { children?: ReactNode }) {
  const t = useT();
  return (
    <chakra.div role="status" data-testid="preview-banner" bg="orange.100" color="orange.950" borderBottomWidth="2px" borderColor="orange.400" px={{ base: '4', md: '6' }} py="3">
      <chakra.div maxW="7xl" mx="auto" display="flex" flexWrap="wrap" alignItems="baseline" gap={{ base: '1', md: '3' }}>
        <chakra.strong fontSize="md" fontWeight="700">
          {t('preview_banner')}
        </chakra.strong>
        <chakra.span fontSize="sm">{t('preview_banner_hint')}</chakra.span>
        {children ? <chakra.span fontSize="sm">{children}</chakra.span> : null}
      </chakra.div>
    </chakra.div>
  );
}
