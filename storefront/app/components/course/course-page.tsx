/**
 * The course detail page in the layout the site chose: 1, 3, 4 (the registration layout,
 * with its sticky registration bar, in-page navigation and checkout) or the default. Every
 * layout shows the same blocks, each only when its package switch or site setting is on
 * (the loader leaves a switched-off block null).
 */
import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import type { CoursePageData } from '~/models/course/types';
import { useT } from '~/models/i18n';
import { cx } from '~/components/class-names';
import { ButtonLink, Card, CourseFacts, CourseHeading, CoursePreview, CourseTabs, Curriculum, FeeLabel, HowToBuy, PriceCard, RelatedCourses, Section, SectionTitle, StudentState } from './blocks';
import { checkoutChunk, checkoutChunksLoaded, fromChunk, loadCheckoutChunks, paymentChunk } from './checkout-chunks';
import { replayIsland, watchIsland, type IslandSnapshot } from './checkout-island';
import { CourseComments } from './comments';
import { ScrollHint } from './scroll-hint';

// The checkout is the heavy part of the page: its code loads on chunks of its own (CheckoutSlot).
const CheckoutArea = lazy(fromChunk(checkoutChunk));
const PaymentPanel = lazy(fromChunk(paymentChunk));

export type CoursePageProps = { page: CoursePageData };

function Container({ className, children }: { className?: string; children: ReactNode }) {
  return <div className={cx('course-container', className)}>{children}</div>;
}

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
    <div className="course-related">
      <RelatedCourses related={page.related} />
    </div>
  );
}

function LayoutRoot({ layout, children }: { layout: string; children: ReactNode }) {
  return (
    <div className="course-layout" data-testid="course-layout" data-layout={layout}>
      {children}
    </div>
  );
}

/** Default: heading and preview side by side, the content in a column, the price card beside it. */
function DefaultLayout({ page }: CoursePageProps) {
  return (
    <LayoutRoot layout="default">
      <Container className="course-pt">
        {/* Narrow screens: heading, then the price card, then the content. */}
        <div className="course-columns course-columns-default">
          <div className="course-area-head">
            <CourseHeading course={page.course} />
            <div className="course-mt-6">
              <CoursePreview course={page.course} />
            </div>
            <div className="course-mt-6">
              <CourseFacts course={page.course} />
            </div>
          </div>
          <aside className="course-aside course-area-aside">
            <PriceCard course={page.course} />
          </aside>
          <div className="course-area-main">
            <ContentSections page={page} />
            <CommentsSection page={page} />
          </div>
        </div>
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
      <div className="course-banner" data-testid="course-banner" style={picture ? { backgroundImage: `linear-gradient(rgba(17,24,39,0.78), rgba(17,24,39,0.86)), url("${picture}")` } : undefined}>
        <Container className="course-banner-inner">
          <div className="course-banner-heading">
            <CourseHeading course={page.course} light />
          </div>
        </Container>
      </div>
      <Container className="course-pt">
        <div className="course-columns">
          <div>
            <ContentSections page={page} />
            <CommentsSection page={page} />
          </div>
          <aside className="course-aside course-aside-first">
            <CoursePreview course={page.course} />
            <PriceCard course={page.course} />
            <Card>
              <CourseFacts course={page.course} />
            </Card>
          </aside>
        </div>
        <Related page={page} />
      </Container>
    </LayoutRoot>
  );
}

/** Layout 3: the preview large on top, heading and price in a row, then the content. */
function LayoutThree({ page }: CoursePageProps) {
  return (
    <LayoutRoot layout="3">
      <Container className="course-pt">
        <div className="course-preview-wide">
          <CoursePreview course={page.course} />
        </div>
        <div className="course-heading-row">
          <CourseHeading course={page.course} />
          <div className="course-heading-row-price">
            <PriceCard course={page.course} />
          </div>
        </div>
        <div className="course-mt-6">
          <CourseFacts course={page.course} />
        </div>
        <div className="course-content-l3">
          <ContentSections page={page} />
          <CommentsSection page={page} />
        </div>
        <Related page={page} />
      </Container>
    </LayoutRoot>
  );
}

/** Layout 4's in-page navigation: detail; content when the curriculum shows; how to buy and questions when enabled. */
export function SectionNav({ page }: CoursePageProps) {
  const t = useT();
  const links: [string, string][] = [['course-detail', t('course_detail')]];
  if (page.curriculum) links.push(['course-content', t('course_content')]);
  if (page.howToBuy) links.push(['how-to-buy', t('course_how_to_buy')]);
  if (page.commentsEnabled) links.push(['questions', t('course_question_comment')]);
  return (
    <ScrollHint testId="course-section-nav">
      {(ref) => (
        <nav ref={ref} className="course-section-nav" aria-label={t('course_section_nav')} data-testid="course-section-nav">
          {links.map(([id, label]) => (
            <a key={id} className="course-section-link" href={`#${id}`}>
              {label}
            </a>
          ))}
        </nav>
      )}
    </ScrollHint>
  );
}

function RegisterAction({ page }: CoursePageProps) {
  const t = useT();
  const state = page.course.studentState;
  if (state?.kind === 'unpaid')
    return (
      <ButtonLink href={state.payPath} small>
        {t('course_continue_payment')}
      </ButtonLink>
    );
  if (!page.course.canLearn && !page.course.mayBuy) return null;
  return page.course.canLearn ? (
    <ButtonLink href={page.course.learnPath} small>
      {t('button_start_learning')}
    </ButtonLink>
  ) : (
    <ButtonLink href="#checkout" small data-testid="register-button">
      {t('button_register')}
    </ButtonLink>
  );
}

/** Whether this document's first rendering has hydrated: a checkout slot rendered after it is not the server's. */
let documentHydrated = false;

/**
 * The checkout in its slot. On the server it renders in full, so its form posts to the route's
 * action without scripts. The browser keeps the server's form as plain HTML while it hydrates the
 * page (an island, checkout-island.ts) and renders the form itself once its code is in, loaded when
 * the form nears the screen or the visitor touches it (ADR 153). A slot reached by client
 * navigation renders the form at once, behind a fallback until its code is in.
 */
function CheckoutSlot({ page }: CoursePageProps) {
  const t = useT();
  const slot = useRef<HTMLDivElement>(null);
  // The island holds the server's form of the course it was rendered for; a client navigation to
  // another course (the same route component) renders that course's form instead. `suspends` is
  // chosen when the form first renders and kept, so the form never remounts.
  const [view, setView] = useState<{ mode: 'island'; courseId: number } | { mode: 'live'; suspends: boolean }>(() =>
    typeof document !== 'undefined' && !documentHydrated && document.querySelector('[data-checkout-slot]')
      ? { mode: 'island', courseId: page.course.id }
      : { mode: 'live', suspends: typeof document !== 'undefined' && !checkoutChunksLoaded() },
  );
  if (view.mode === 'island' && view.courseId !== page.course.id) setView({ mode: 'live', suspends: !checkoutChunksLoaded() });
  const mode = view.mode;
  const handover = useRef<IslandSnapshot | null>(null);

  useEffect(() => {
    documentHydrated = true;
  }, []);

  // A slot the server left without a form (its checkout data was unavailable) stays so and loads nothing.
  const hasForm = Boolean(page.payment || page.checkout);
  useEffect(() => {
    const root = slot.current;
    if (mode !== 'island' || !hasForm || !root) return;
    let active = true;
    const watcher = watchIsland(root, () => {
      loadCheckoutChunks().then(
        () => {
          if (!active) return;
          // One synchronous step from reading the plain form to the rendered one: no keystroke falls between.
          flushSync(() => {
            handover.current = watcher.snapshot();
            setView({ mode: 'live', suspends: false });
          });
        },
        () => {
          if (active) watcher.fallBack();
        },
      );
    });
    return () => {
      active = false;
      watcher.stop();
    };
  }, [mode, hasForm]);

  useEffect(() => {
    const snapshot = handover.current;
    if (mode !== 'live' || !snapshot || !slot.current) return;
    handover.current = null;
    void replayIsland(slot.current, snapshot);
  }, [mode]);

  if (view.mode === 'island') {
    // The server's children stay as they are: React neither hydrates nor replaces them (ADR 153).
    return <div key="island" ref={slot} className="course-checkout-slot" data-checkout-slot="" dangerouslySetInnerHTML={{ __html: '' }} suppressHydrationWarning />;
  }
  const loading = (
    <p className="course-muted" role="status" data-testid="checkout-loading">
      {t('loading')}
    </p>
  );
  const content = page.payment ? <PaymentPanel payment={page.payment} /> : page.checkout ? <CheckoutArea checkout={page.checkout} student={page.student} /> : null;
  return (
    <div key="live" ref={slot} className="course-checkout-slot" data-checkout-slot="">
      {view.suspends ? <Suspense fallback={loading}>{content}</Suspense> : content}
    </div>
  );
}

/** Layout 4: the registration layout. */
function LayoutFour({ page }: CoursePageProps) {
  const t = useT();
  return (
    <LayoutRoot layout="4">
      <div className="course-hero">
        <Container className="course-hero-inner">
          <div className="course-hero-grid">
            <div className="course-hero-text">
              <CourseHeading course={page.course} />
              <CourseFacts course={page.course} />
            </div>
            <CoursePreview course={page.course} />
          </div>
        </Container>
      </div>

      <div className="course-sticky-bar">
        <Container className="course-sticky-bar-inner">
          <SectionNav page={page} />
          <div className="course-registration-bar" data-testid="registration-bar">
            <FeeLabel course={page.course} testId="registration-fee" />
            <RegisterAction page={page} />
          </div>
        </Container>
      </div>

      <Container className="course-pt">
        <div className="course-body-l4">
          <ContentSections page={page} withTitles />
          {/* the page's scripts wake when the checkout comes within a screen (ADR 220) */}
          <Section id="checkout" aria-labelledby="checkout-title" data-wakes-scripts="">
            <SectionTitle id="checkout-title">{page.payment ? t('checkout_payment_title') : t('checkout_title')}</SectionTitle>
            {page.payment ? null : <StudentState course={page.course} />}
            {page.payment || page.course.mayBuy ? <CheckoutSlot page={page} /> : null}
          </Section>
          <CommentsSection page={page} />
        </div>
        <Related page={page} />
      </Container>

      {/* Narrow screens: the registration bar sticks to the bottom of the screen and stops at the end of the page's content, above the footer. */}
      <div className="course-registration-bar-mobile" data-testid="registration-bar-mobile">
        <FeeLabel course={page.course} testId="registration-fee-mobile" />
        <RegisterAction page={page} />
      </div>
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
