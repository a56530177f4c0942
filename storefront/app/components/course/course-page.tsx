/**
 * The course detail page in the layout the site chose: 1, 3, 4 (the registration layout,
 * with its sticky registration bar, in-page navigation and checkout) or the default. Every
 * layout shows the same blocks, each only when its package switch or site setting is on
 * (the loader leaves a switched-off block null).
 */
import { chakra } from '@chakra-ui/react';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import type { CoursePageData } from './types';
import { useT } from '~/lib/i18n';
import {
  ButtonLink,
  Card,
  CourseFacts,
  CourseHeading,
  CoursePreview,
  CourseTabs,
  Curriculum,
  FeeLabel,
  HowToBuy,
  PriceCard,
  RelatedCourses,
  Section,
  SectionTitle,
} from './blocks';
import { checkoutChunk, checkoutChunksLoaded, fromChunk, paymentChunk } from './checkout-chunks';
import { CourseComments } from './comments';

// The checkout is the heavy part of the page: its code loads on its own chunk. The server renders
// it too, so its form posts to the route's action without scripts; the browser hydrates it once
// the chunk is in (loaded before hydration where the page has it: checkout-chunks.ts).
const CheckoutArea = lazy(fromChunk(checkoutChunk));
const PaymentPanel = lazy(fromChunk(paymentChunk));

export type CoursePageProps = { page: CoursePageData };

const Container = chakra('div', { base: { maxW: '7xl', mx: 'auto', px: { base: '4', md: '6' }, w: 'full' } });

const TwoColumns = chakra('div', {
  base: {
    display: 'grid',
    gap: { base: '8', lg: '10' },
    gridTemplateColumns: { base: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) 20rem' },
    alignItems: 'start',
  },
});

const Aside = chakra('aside', { base: { position: { lg: 'sticky' }, top: { lg: '6' }, display: 'flex', flexDirection: 'column', gap: '4' } });

/** The blocks below the heading that every layout shares, in their order. */
function ContentSections({ page, withTitles = true }: { page: CoursePageData; withTitles?: boolean }) {
  const t = useT();
  return (
    <>
      <Section id="course-detail" aria-labelledby="course-detail-title">
        <SectionTitle id="course-detail-title" hidden={!withTitles}>
          {t('course_detail')}
        </SectionTitle>
        <CourseTabs course={page.course} />
      </Section>
      {page.curriculum ? (
        <Section id="course-content" aria-labelledby="course-content-title">
          <SectionTitle id="course-content-title">{t('course_content')}</SectionTitle>
          <Curriculum curriculum={page.curriculum} />
        </Section>
      ) : null}
      {page.howToBuy ? (
        <Section id="how-to-buy" aria-labelledby="how-to-buy-title">
          <SectionTitle id="how-to-buy-title">{t('course_how_to_buy')}</SectionTitle>
          <HowToBuy description={page.howToBuy} />
        </Section>
      ) : null}
    </>
  );
}

function CommentsSection({ page }: { page: CoursePageData }) {
  const t = useT();
  if (!page.commentsEnabled) return null;
  return (
    <Section id="questions" aria-labelledby="questions-title">
      <SectionTitle id="questions-title">{t('course_question_comment')}</SectionTitle>
      <Card>
        <CourseComments comments={page.comments} student={page.student} />
      </Card>
    </Section>
  );
}

function Related({ page }: { page: CoursePageData }) {
  return (
    <chakra.div mt={{ base: '10', md: '14' }}>
      <RelatedCourses related={page.related} />
    </chakra.div>
  );
}

function LayoutRoot({ layout, children }: { layout: string; children: ReactNode }) {
  return (
    <chakra.div data-testid="course-layout" data-layout={layout} pb={{ base: '10', md: '16' }}>
      {children}
    </chakra.div>
  );
}

/** Default: heading and preview side by side, the content in a column, the price card beside it. */
function DefaultLayout({ page }: CoursePageProps) {
  return (
    <LayoutRoot layout="default">
      <Container pt={{ base: '6', md: '10' }}>
        {/* Narrow screens: heading, then the price card, then the content. */}
        <TwoColumns gridTemplateAreas={{ base: '"head" "aside" "main"', lg: '"head aside" "main aside"' }}>
          <chakra.div gridArea="head">
            <CourseHeading course={page.course} />
            <chakra.div mt="6">
              <CoursePreview course={page.course} />
            </chakra.div>
            <chakra.div mt="6">
              <CourseFacts course={page.course} />
            </chakra.div>
          </chakra.div>
          <Aside gridArea="aside" alignSelf="start">
            <PriceCard course={page.course} />
          </Aside>
          <chakra.div gridArea="main">
            <ContentSections page={page} />
            <CommentsSection page={page} />
          </chakra.div>
        </TwoColumns>
        <Related page={page} />
      </Container>
    </LayoutRoot>
  );
}

/** Layout 1: a full-width banner with the heading over the picture, then content and price card. */
function LayoutOne({ page }: CoursePageProps) {
  const picture = page.course.preview?.pictureUrl;
  return (
    <LayoutRoot layout="1">
      <chakra.div
        data-testid="course-banner"
        bg="gray.900"
        color="white"
        backgroundImage={picture ? `linear-gradient(rgba(17,24,39,0.78), rgba(17,24,39,0.86)), url("${picture}")` : undefined}
        backgroundSize="cover"
        backgroundPosition="center"
      >
        <Container py={{ base: '10', md: '16' }}>
          <chakra.div maxW="3xl">
            <CourseHeading course={page.course} light />
          </chakra.div>
        </Container>
      </chakra.div>
      <Container pt={{ base: '6', md: '10' }}>
        <TwoColumns>
          <div>
            <ContentSections page={page} />
            <CommentsSection page={page} />
          </div>
          <Aside order={{ base: -1, lg: 0 }}>
            <CoursePreview course={page.course} />
            <PriceCard course={page.course} />
            <Card>
              <CourseFacts course={page.course} />
            </Card>
          </Aside>
        </TwoColumns>
        <Related page={page} />
      </Container>
    </LayoutRoot>
  );
}

/** Layout 3: the preview large on top, heading and price in a row, then the content. */
function LayoutThree({ page }: CoursePageProps) {
  return (
    <LayoutRoot layout="3">
      <Container pt={{ base: '6', md: '10' }}>
        <chakra.div maxW="5xl" mx="auto">
          <CoursePreview course={page.course} />
        </chakra.div>
        <chakra.div mt="6" display="flex" flexDirection={{ base: 'column', md: 'row' }} gap="6" justifyContent="space-between" alignItems={{ md: 'flex-end' }}>
          <CourseHeading course={page.course} />
          <chakra.div flexShrink="0" minW={{ md: '72' }}>
            <PriceCard course={page.course} />
          </chakra.div>
        </chakra.div>
        <chakra.div mt="6">
          <CourseFacts course={page.course} />
        </chakra.div>
        <chakra.div mt={{ base: '8', md: '10' }}>
          <ContentSections page={page} />
          <CommentsSection page={page} />
        </chakra.div>
        <Related page={page} />
      </Container>
    </LayoutRoot>
  );
}

const NavLink = chakra('a', {
  base: {
    px: '3',
    py: '2',
    borderRadius: 'md',
    fontSize: 'sm',
    fontWeight: '600',
    color: 'fg.muted',
    whiteSpace: 'nowrap',
    _hover: { color: 'brand', bg: 'brandSubtle' },
    _focusVisible: { outline: '2px solid', outlineColor: 'brand' },
  },
});

/** Layout 4's in-page navigation: detail; content when the curriculum shows; how to buy and questions when enabled. */
export function SectionNav({ page }: CoursePageProps) {
  const t = useT();
  const links: [string, string][] = [['course-detail', t('course_detail')]];
  if (page.curriculum) links.push(['course-content', t('course_content')]);
  if (page.howToBuy) links.push(['how-to-buy', t('course_how_to_buy')]);
  if (page.commentsEnabled) links.push(['questions', t('course_question_comment')]);
  return (
    <chakra.nav aria-label={t('course_section_nav')} data-testid="course-section-nav" display="flex" gap="1" overflowX="auto" minW="0" py="2">
      {links.map(([id, label]) => (
        <NavLink key={id} href={`#${id}`}>
          {label}
        </NavLink>
      ))}
    </chakra.nav>
  );
}

function RegisterAction({ page }: CoursePageProps) {
  const t = useT();
  return page.course.canLearn ? (
    <ButtonLink href={page.course.learnPath} h="10">
      {t('button_start_learning')}
    </ButtonLink>
  ) : (
    <ButtonLink href="#checkout" h="10" data-testid="register-button">
      {t('button_register')}
    </ButtonLink>
  );
}

function CheckoutSlot({ page }: CoursePageProps) {
  const t = useT();
  const loading = (
    <chakra.p color="fg.muted" role="status" data-testid="checkout-loading">
      {t('loading')}
    </chakra.p>
  );
  // No Suspense boundary where the code is already in: on the server (which waits for the chunk) and
  // when hydrating (entry.client loads it first). React hydrates a server-rendered boundary later, at
  // its lowest priority, and a click that re-renders the page before then fails with error 421.
  // Only a page reached by client navigation before the chunk loaded waits behind a fallback; the
  // choice is made once per mount so the form never remounts.
  const [waitsForCode] = useState(() => typeof document !== 'undefined' && !checkoutChunksLoaded());
  const content = page.payment ? <PaymentPanel payment={page.payment} /> : page.checkout ? <CheckoutArea checkout={page.checkout} student={page.student} /> : null;
  return (
    <chakra.div display="contents" data-checkout-slot="">
      {waitsForCode ? <Suspense fallback={loading}>{content}</Suspense> : content}
    </chakra.div>
  );
}

/** Layout 4: the registration layout. */
function LayoutFour({ page }: CoursePageProps) {
  const t = useT();
  return (
    <LayoutRoot layout="4">
      <chakra.div bg="brandSubtle" borderBottomWidth="1px" borderColor="border">
        <Container py={{ base: '6', md: '10' }}>
          <chakra.div display="grid" gap={{ base: '6', lg: '10' }} gridTemplateColumns={{ base: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) minmax(0, 1fr)' }} alignItems="center">
            <chakra.div display="flex" flexDirection="column" gap="5">
              <CourseHeading course={page.course} />
              <CourseFacts course={page.course} />
            </chakra.div>
            <CoursePreview course={page.course} />
          </chakra.div>
        </Container>
      </chakra.div>

      <chakra.div position="sticky" top="0" zIndex="sticky" bg="bg" borderBottomWidth="1px" borderColor="border" boxShadow="xs">
        <Container display="flex" alignItems="center" justifyContent="space-between" gap="4">
          <SectionNav page={page} />
          <chakra.div data-testid="registration-bar" display={{ base: 'none', md: 'flex' }} alignItems="center" gap="4" flexShrink="0" py="2">
            <FeeLabel course={page.course} testId="registration-fee" />
            <RegisterAction page={page} />
          </chakra.div>
        </Container>
      </chakra.div>

      <Container pt={{ base: '6', md: '10' }}>
        <chakra.div maxW="4xl">
          <ContentSections page={page} withTitles />
          <Section id="checkout" aria-labelledby="checkout-title">
            <SectionTitle id="checkout-title">{page.payment ? t('checkout_payment_title') : t('checkout_title')}</SectionTitle>
            <CheckoutSlot page={page} />
          </Section>
          <CommentsSection page={page} />
        </chakra.div>
        <Related page={page} />
      </Container>

      {/* Narrow screens: the registration bar sits at the bottom of the screen. */}
      <chakra.div
        data-testid="registration-bar-mobile"
        display={{ base: 'flex', md: 'none' }}
        position="fixed"
        insetX="0"
        bottom="0"
        zIndex="sticky"
        bg="bg"
        borderTopWidth="1px"
        borderColor="border"
        boxShadow="0 -4px 12px rgba(0,0,0,0.08)"
        px="4"
        py="2"
        alignItems="center"
        justifyContent="space-between"
        gap="3"
      >
        <FeeLabel course={page.course} testId="registration-fee-mobile" />
        <RegisterAction page={page} />
      </chakra.div>
      <chakra.div display={{ base: 'block', md: 'none' }} h="16" aria-hidden="true" />
    </LayoutRoot>
  );
}

export function CoursePage({ page }: CoursePageProps) {
  switch (page.layout) {
    case '1':
      return <LayoutOne page={page} />;
    case '3':
      return <LayoutThree page={page} />;
    case '4':
      return <LayoutFour page={page} />;
    default:
      return <DefaultLayout page={page} />;
  }
}
