import { chakra } from '@chakra-ui/react';
import { Form } from '@remix-run/react';
import { CourseCard } from '~/components/course-card';
import type { CourseCardView } from '~/models/catalog';
import { courseTypeTextKey, useLocale, useT, useTexts } from '~/models/i18n';

/** Cards in the first row (four at the widest layout) are above the fold. */
const EAGER_CARDS = 4;

const Page = chakra('div', { base: { maxW: '7xl', mx: 'auto', px: { base: '4', md: '6' }, py: { base: '6', md: '10' } } });

const Grid = chakra('ul', {
  base: {
    listStyle: 'none',
    display: 'grid',
    gap: { base: '4', md: '6' },
    gridTemplateColumns: { base: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))', xl: 'repeat(4, minmax(0, 1fr))' },
  },
});

const SearchInput = chakra('input', {
  base: {
    flex: '1',
    minW: '0',
    h: '10',
    px: '3',
    borderWidth: '1px',
    borderColor: 'border',
    borderRadius: 'md',
    bg: 'bg',
    _focusVisible: { outline: '2px solid', outlineColor: 'brand', outlineOffset: '0' },
  },
});

const SearchButton = chakra('button', {
  base: {
    h: '10',
    w: '10',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    borderRadius: 'md',
    bg: 'brand',
    color: 'white',
    cursor: 'pointer',
    flexShrink: '0',
    _focusVisible: { outline: '2px solid', outlineColor: 'brand', outlineOffset: '2px' },
  },
});

function SearchIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" aria-hidden="true">
      <circle cx="11" cy="11" r="7" />
      <path d="m20 20-3.5-3.5" />
    </svg>
  );
}

/** The home page's body: heading, search and the course cards (the home route and a text's preview). */
export function HomePage({ courses, keyword }: { courses: CourseCardView[]; keyword: string }) {
  const t = useT();
  const texts = useTexts();
  const locale = useLocale();

  return (
    <Page>
      <chakra.div display="flex" flexDirection={{ base: 'column', md: 'row' }} alignItems={{ md: 'flex-end' }} justifyContent="space-between" gap="4" mb={{ base: '6', md: '8' }}>
        <div>
          <chakra.h1 fontSize={{ base: '2xl', md: '3xl' }} fontWeight="700" lineHeight="1.3">
            {t('home_heading')}
          </chakra.h1>
          <chakra.p color="fg.muted" mt="1">
            {t('home_subheading')}
          </chakra.p>
        </div>
        <Form method="get" role="search">
          <chakra.div display="flex" gap="2" w={{ base: 'full', md: '80' }}>
            <SearchInput type="search" name="keyword" defaultValue={keyword} placeholder={t('nav_search_placeholder')} aria-label={t('nav_search_placeholder')} />
            <SearchButton type="submit" aria-label={t('nav_search_placeholder')}>
              <SearchIcon />
            </SearchButton>
          </chakra.div>
        </Form>
      </chakra.div>

      <chakra.h2 fontSize="xl" fontWeight="700" mb="4">
        {t('nav_courses')}
      </chakra.h2>
      {courses.length === 0 ? (
        <chakra.p color="fg.muted" py="12" textAlign="center">
          {t('no_data')}
        </chakra.p>
      ) : (
        <Grid>
          {courses.map((course, index) => (
            <li key={course.id}>
              <CourseCard course={course} typeLabel={texts[courseTypeTextKey(course.course_type)] ?? course.course_type} freeLabel={t('price_free')} locale={locale} eager={index < EAGER_CARDS} />
            </li>
          ))}
        </Grid>
      )}
    </Page>
  );
}
