/**
 * The read-only blocks of the course page. The page is hot, so these are plain elements
 * styled through chakra() factories (no recipe components); only the checkout is heavier,
 * and it is loaded on its own.
 */
import { chakra } from '@chakra-ui/react';
import { formatMoney } from '@sala/shared/money';
import { useEffect, useState, type ReactNode } from 'react';
import { CourseCard } from '~/components/course-card';
import type { CourseListItem } from '~/lib/catalog';
import { courseTypeTextKey, useLocale, useT, useTexts } from '~/lib/i18n';
import { formatDate, formatDateRange, formatDuration } from './format';
import { Markdown } from './markdown';
import type { CourseView, CurriculumView, RelatedView } from './types';

export const PREVIEW_WIDTH = 600;
export const PREVIEW_HEIGHT = 314;

export const Section = chakra('section', {
  base: { scrollMarginTop: '28', '& + &': { mt: { base: '8', md: '10' } } },
});

export const SectionTitle = chakra('h2', { base: { fontSize: { base: 'xl', md: '2xl' }, fontWeight: '700', lineHeight: '1.35', mb: '4' } });

export const Card = chakra('div', { base: { bg: 'bg', borderWidth: '1px', borderColor: 'border', borderRadius: 'xl', p: { base: '4', md: '6' } } });

const Badge = chakra('span', {
  base: { display: 'inline-flex', alignItems: 'center', fontSize: 'xs', fontWeight: '600', color: 'brand', bg: 'brandSubtle', px: '2.5', py: '1', borderRadius: 'full' },
});

export function CourseTypeBadge({ courseType }: { courseType: string }) {
  const texts = useTexts();
  return <Badge data-testid="course-type">{texts[courseTypeTextKey(courseType)] ?? courseType}</Badge>;
}

const Media = chakra('div', {
  base: { position: 'relative', w: 'full', aspectRatio: `${PREVIEW_WIDTH} / ${PREVIEW_HEIGHT}`, bg: 'bg.muted', borderRadius: 'xl', overflow: 'hidden' },
});

/**
 * The preview: the video (with the picture as its poster) or the picture. Without either,
 * a loading notice while the page settles, then nothing.
 */
export function CoursePreview({ course, eager = true }: { course: CourseView; eager?: boolean }) {
  const t = useT();
  const preview = course.preview;
  const [settled, setSettled] = useState(false);
  useEffect(() => {
    if (preview) return;
    const timer = setTimeout(() => setSettled(true), 1000);
    return () => clearTimeout(timer);
  }, [preview]);

  if (!preview) {
    return settled ? null : (
      <chakra.p data-testid="course-preview-loading" role="status" color="fg.muted" py="6">
        {t('course_loading')}
      </chakra.p>
    );
  }
  return (
    <figure data-testid="course-preview">
      <Media>
        {preview.videoUrl ? (
          <chakra.video
            src={preview.videoUrl}
            poster={preview.pictureUrl ?? undefined}
            controls
            preload="none"
            playsInline
            w="full"
            h="full"
            objectFit="cover"
            aria-label={preview.videoName ?? course.title}
          />
        ) : (
          <chakra.img
            src={preview.pictureUrl ?? undefined}
            alt={preview.imageAlt ?? course.title}
            htmlWidth={PREVIEW_WIDTH}
            htmlHeight={PREVIEW_HEIGHT}
            loading={eager ? 'eager' : 'lazy'}
            decoding="async"
            w="full"
            h="full"
            objectFit="cover"
          />
        )}
      </Media>
      {preview.videoName || preview.videoDesc ? (
        <chakra.figcaption mt="2" fontSize="sm" color="fg.muted">
          {preview.videoName ? <chakra.span fontWeight="600">{preview.videoName}</chakra.span> : null}
          {preview.videoName && preview.videoDesc ? ' · ' : null}
          {preview.videoDesc}
        </chakra.figcaption>
      ) : null}
    </figure>
  );
}

const FactList = chakra('dl', {
  base: { display: 'grid', gridTemplateColumns: { base: '1fr', sm: 'auto 1fr' }, columnGap: '4', rowGap: { base: '0.5', sm: '2' }, fontSize: 'sm' },
});
const FactTerm = chakra('dt', { base: { color: 'fg.muted', mt: { base: '2', sm: '0' } } });
const FactValue = chakra('dd', { base: { fontWeight: '500', overflowWrap: 'anywhere' } });

/** Class type, registration and class dates, venue, seats, length, language: whatever the course has. */
export function CourseFacts({ course }: { course: CourseView }) {
  const t = useT();
  const locale = useLocale();
  const preview = course.preview;
  const registration = preview ? formatDateRange(preview.startRegDate, preview.endRegDate, locale) : null;
  const classes = preview ? formatDateRange(preview.startDate, preview.endDate, locale) : null;
  const facts: [string, ReactNode, string][] = [];
  if (preview?.classType) facts.push([t('course_class_type'), preview.classType, 'class-type']);
  if (registration) facts.push([t('course_registration_label'), `${registration.start} - ${registration.end}`, 'registration-dates']);
  if (classes) facts.push([t('course_class_label'), classes.start === classes.end ? classes.start : `${classes.start} - ${classes.end}`, 'class-dates']);
  if (course.venue) facts.push([t('course_venue'), course.venue, 'venue']);
  if (course.seatsLeft !== null) facts.push([t('course_seats'), t('course_seats_left', { seat: course.seatsLeft }), 'seats']);
  if (course.courseLength) facts.push([t('course_length'), course.courseLength, 'length']);
  if (course.language) facts.push([t('course_language'), course.language === 'th' ? 'ไทย' : course.language === 'en' ? 'English' : course.language, 'language']);
  if (course.freeBook) facts.push([t('course_free_book'), '✓', 'free-book']);
  if (facts.length === 0) return null;
  return (
    <FactList data-testid="course-facts">
      {facts.map(([term, value, id]) => (
        <chakra.div key={id} display="contents" data-fact={id}>
          <FactTerm>{term}</FactTerm>
          <FactValue>{value}</FactValue>
        </chakra.div>
      ))}
    </FactList>
  );
}

/** The registration fee: the default plan's price, ฟรี when it costs nothing, nothing when there is no fee. */
export function FeeLabel({ course, testId = 'course-fee' }: { course: CourseView; testId?: string }) {
  const t = useT();
  const locale = useLocale();
  if (!course.fee) return null;
  return (
    <chakra.p data-testid={testId} display="flex" alignItems="baseline" gap="2" flexWrap="wrap">
      <chakra.span fontSize="sm" color="fg.muted">
        {t('price_registration_fee')}
      </chakra.span>
      <chakra.span fontSize={{ base: 'xl', md: '2xl' }} fontWeight="700" color="fg">
        {course.fee.amount === 0 ? t('price_free') : formatMoney(course.fee, locale)}
      </chakra.span>
    </chakra.p>
  );
}

const ButtonLink = chakra('a', {
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    gap: '2',
    h: '11',
    px: '5',
    borderRadius: 'lg',
    bg: 'brand',
    color: 'white',
    fontWeight: '600',
    whiteSpace: 'nowrap',
    _hover: { bg: 'teal.800' },
    _focusVisible: { outline: '2px solid', outlineColor: 'brand', outlineOffset: '2px' },
  },
});

export { ButtonLink };

/** The price card of layouts 1, 3 and default: the fee, and where to register or learn. */
export function PriceCard({ course }: { course: CourseView }) {
  const t = useT();
  return (
    <Card data-testid="course-price" display="flex" flexDirection="column" gap="4">
      <FeeLabel course={course} />
      {course.canLearn ? (
        <ButtonLink href={course.learnPath}>{t('button_start_learning')}</ButtonLink>
      ) : (
        <ButtonLink href={`/cart?course=${course.id}`}>{t('button_register')}</ButtonLink>
      )}
    </Card>
  );
}

const TabList = chakra('div', { base: { display: 'flex', gap: '1', borderBottomWidth: '1px', borderColor: 'border', mb: '5', overflowX: 'auto' } });
const TabButton = chakra('button', {
  base: {
    px: '4',
    py: '2.5',
    fontWeight: '600',
    color: 'fg.muted',
    borderBottomWidth: '2px',
    borderColor: 'transparent',
    mb: '-1px',
    whiteSpace: 'nowrap',
    cursor: 'pointer',
    '&[aria-selected=true]': { color: 'brand', borderColor: 'brand' },
    _focusVisible: { outline: '2px solid', outlineColor: 'brand' },
  },
});

/** Tabs over the description and the teacher. Without script the first tab stays readable. */
export function CourseTabs({ course }: { course: CourseView }) {
  const t = useT();
  const tabs = [
    { id: 'detail', label: t('course_detail'), body: course.description ? <Markdown source={course.description} baseLevel={3} /> : <chakra.p>{course.shortDescription}</chakra.p> },
    ...(course.teacher
      ? [
          {
            id: 'teacher',
            label: t('course_teacher'),
            body: (
              <chakra.div display="flex" gap="4" alignItems="flex-start">
                {course.teacher.pictureUrl ? <chakra.img src={course.teacher.pictureUrl} alt="" htmlWidth={72} htmlHeight={72} borderRadius="full" loading="lazy" /> : null}
                <div>
                  <chakra.p fontWeight="700">{course.teacher.name}</chakra.p>
                  {course.teacher.headline ? <chakra.p color="fg.muted" fontSize="sm">{course.teacher.headline}</chakra.p> : null}
                  {course.teacher.bio ? <chakra.p mt="2">{course.teacher.bio}</chakra.p> : null}
                </div>
              </chakra.div>
            ),
          },
        ]
      : []),
  ];
  const [active, setActive] = useState(tabs[0].id);
  return (
    <div data-testid="course-tabs">
      <TabList role="tablist">
        {tabs.map((tab) => (
          <TabButton
            key={tab.id}
            type="button"
            role="tab"
            id={`course-tab-${tab.id}`}
            aria-selected={active === tab.id}
            aria-controls={`course-panel-${tab.id}`}
            onClick={() => setActive(tab.id)}
          >
            {tab.label}
          </TabButton>
        ))}
      </TabList>
      {tabs.map((tab) => (
        <div key={tab.id} role="tabpanel" id={`course-panel-${tab.id}`} aria-labelledby={`course-tab-${tab.id}`} hidden={active !== tab.id}>
          {tab.body}
        </div>
      ))}
    </div>
  );
}

const SectionItem = chakra('details', {
  base: {
    borderWidth: '1px',
    borderColor: 'border',
    borderRadius: 'lg',
    bg: 'bg',
    '& + &': { mt: '2' },
    '& > summary': { cursor: 'pointer', listStyle: 'none', px: '4', py: '3', fontWeight: '600', display: 'flex', justifyContent: 'space-between', gap: '3' },
    '& > summary::-webkit-details-marker': { display: 'none' },
    '&[open] > summary': { borderBottomWidth: '1px', borderColor: 'border' },
  },
});

/** Sections and their lectures; native details elements, so they open without script. */
export function Curriculum({ curriculum }: { curriculum: CurriculumView }) {
  const t = useT();
  if (curriculum.length === 0) return <chakra.p color="fg.muted">{t('no_data')}</chakra.p>;
  return (
    <div data-testid="course-curriculum">
      {curriculum.map((section, index) => (
        <SectionItem key={section.id} open={index === 0}>
          <summary>
            <span>{section.name}</span>
            <chakra.span color="fg.muted" fontWeight="400" fontSize="sm" flexShrink="0">
              {t('curriculum_lecture_count', { count: section.lectures.length })}
            </chakra.span>
          </summary>
          <chakra.ul listStyle="none" px="4" py="2">
            {section.lectures.map((lecture) => (
              <chakra.li key={lecture.id} display="flex" justifyContent="space-between" gap="3" py="2" fontSize="sm">
                <span>{lecture.name}</span>
                <chakra.span display="flex" gap="2" color="fg.muted" flexShrink="0">
                  {lecture.preview ? <Badge>{t('playlist_lecture_preview')}</Badge> : null}
                  {formatDuration(lecture.seconds)}
                </chakra.span>
              </chakra.li>
            ))}
          </chakra.ul>
        </SectionItem>
      ))}
    </div>
  );
}

export function HowToBuy({ description }: { description: string }) {
  return (
    <Card data-testid="course-how-to-buy">
      <Markdown source={description} baseLevel={3} />
    </Card>
  );
}

const RelatedGrid = chakra('ul', {
  base: {
    listStyle: 'none',
    display: 'grid',
    gap: { base: '4', md: '6' },
    gridTemplateColumns: { base: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(4, minmax(0, 1fr))' },
  },
});

function RelatedList({ title, courses, testId }: { title: string; courses: CourseListItem[]; testId: string }) {
  const t = useT();
  const texts = useTexts();
  const locale = useLocale();
  if (courses.length === 0) return null;
  return (
    <Section data-testid={testId} aria-label={title}>
      <SectionTitle>{title}</SectionTitle>
      <RelatedGrid>
        {courses.map((course) => (
          <li key={course.id}>
            <CourseCard course={course} typeLabel={texts[courseTypeTextKey(course.course_type)] ?? course.course_type} freeLabel={t('price_free')} locale={locale} eager={false} />
          </li>
        ))}
      </RelatedGrid>
    </Section>
  );
}

/** By teacher, by group, best sellers: each only when its site setting equals 1 (the loader leaves the others null). */
export function RelatedCourses({ related }: { related: RelatedView }) {
  const t = useT();
  return (
    <>
      {related.byTeacher ? <RelatedList title={t('course_related_teacher')} courses={related.byTeacher} testId="related-teacher" /> : null}
      {related.byGroup ? <RelatedList title={t('course_related_group')} courses={related.byGroup} testId="related-group" /> : null}
      {related.bestSeller ? <RelatedList title={t('course_bestseller')} courses={related.bestSeller} testId="related-bestseller" /> : null}
    </>
  );
}

/** The heading block: type, title, short description. */
export function CourseHeading({ course, light = false }: { course: CourseView; light?: boolean }) {
  return (
    <chakra.div display="flex" flexDirection="column" gap="3">
      <chakra.div display="flex" gap="2" flexWrap="wrap">
        <CourseTypeBadge courseType={course.courseType} />
        {course.groups.map((group) => (
          <Badge key={group.id} bg={light ? 'whiteAlpha.300' : 'bg.muted'} color={light ? 'white' : 'fg.muted'}>
            {group.name}
          </Badge>
        ))}
      </chakra.div>
      <chakra.h1 fontSize={{ base: '2xl', md: '4xl' }} fontWeight="700" lineHeight="1.3" overflowWrap="anywhere">
        {course.title}
      </chakra.h1>
      {course.shortDescription ? (
        <chakra.p fontSize={{ base: 'md', md: 'lg' }} color={light ? 'whiteAlpha.900' : 'fg.muted'}>
          {course.shortDescription}
        </chakra.p>
      ) : null}
    </chakra.div>
  );
}

export { formatDate };
