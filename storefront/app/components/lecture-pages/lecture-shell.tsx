/** The frame of a quiz or homework lecture page: a link back to the playlist, the course and the lecture's name. */
import { chakra } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useT } from '~/models/i18n';
import type { LecturePageCourse } from '~/models/lecture-pages/types';

export const LecturePanel = chakra('section', { base: { bg: 'bg', borderWidth: '1px', borderColor: 'border', borderRadius: 'xl', p: { base: '4', md: '6' } } });

export const PrimaryButton = chakra('button', {
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    minH: '11',
    px: '5',
    borderRadius: 'lg',
    bg: 'brand',
    color: 'white',
    fontWeight: '600',
    cursor: 'pointer',
    _hover: { opacity: 0.9 },
    _disabled: { opacity: 0.5, cursor: 'not-allowed' },
  },
});

export function LectureShell({ course, kindLabel, title, testId, children }: { course: LecturePageCourse; kindLabel: string; title: string; testId: string; children: ReactNode }) {
  const t = useT();
  return (
    <chakra.div maxW="3xl" mx="auto" px={{ base: '4', md: '6' }} py={{ base: '6', md: '10' }} data-testid={testId}>
      <chakra.a href={course.playlistPath} color="brand" fontWeight="600" fontSize="sm" _hover={{ textDecoration: 'underline' }}>
        ← {t('lecture_back_to_playlist')}
      </chakra.a>
      <chakra.p mt="3" fontSize="sm" color="fg.muted" overflowWrap="anywhere">
        {course.title} · {kindLabel}
      </chakra.p>
      <chakra.h1 fontSize={{ base: '2xl', md: '3xl' }} fontWeight="700" lineHeight="1.35" overflowWrap="anywhere" mt="1" mb="5">
        {title}
      </chakra.h1>
      {children}
    </chakra.div>
  );
}
