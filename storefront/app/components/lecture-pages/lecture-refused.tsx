/** A quiz or homework lecture the student may not open: the reason, as the playlist words it. */
import { chakra } from '@chakra-ui/react';
import { useT } from '~/models/i18n';

const MESSAGES: Record<string, string> = {
  COURSE_ACCESS_DENIED: 'error_course_access_denied',
  ORDER_IN_PROGRESS: 'error_order_in_progress',
  COURSE_ACCESS_EXPIRED: 'error_course_access_expired',
  NOT_RELEASED: 'error_not_released',
};

export function LectureRefused({ code }: { code: string | null }) {
  const t = useT();
  return (
    <chakra.section role="alert" data-testid="lecture-refused" maxW="xl" mx="auto" my="12" px="4" textAlign="center">
      <chakra.h1 fontSize="xl" fontWeight="700">
        {t('learn_lock_title')}
      </chakra.h1>
      <chakra.p mt="2" color="fg.muted">
        {t(MESSAGES[code ?? ''] ?? 'error_course_not_purchased')}
      </chakra.p>
      <chakra.a href="/" display="inline-block" mt="4" color="brand" fontWeight="600">
        {t('nav_home')}
      </chakra.a>
    </chakra.section>
  );
}
