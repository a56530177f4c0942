/**
 * The read-only blocks of the course page. The page is hot, so these are plain elements with
 * static classes (app/styles/course.css): rendering them costs no runtime styling. The
 * checkout is heavier, and it is loaded on its own.
 */
import { formatMoney } from '@sala/shared/money';
import { formatCount } from '@sala/shared/texts';
import { useEffect, useState, type ComponentPropsWithoutRef, type ReactNode } from 'react';
import { cx } from '~/components/class-names';
import { CourseCard } from '~/components/course-card';
import type { CourseCardView } from '~/models/catalog';
import { courseTypeTextKey, useLocale, useT, useTexts } from '~/models/i18n';
import { formatDate, formatDateRange, formatDuration } from './format';
import { Markdown } from './markdown';
import { ScrollHint } from './scroll-hint';
import type { CourseView, CurriculumView, RelatedView } from '~/models/course/types';
import { PICTURE_SIZES, responsiveAttributes } from '~/models/picture';

export const PREVIEW_WIDTH = 600;
export const PREVIEW_HEIGHT = 314;

export function Section({ className, ...props }: ComponentPropsWithoutRef<'section'>) {
  return <section className={cx('course-section', className)} {...props} />;
}

export function SectionTitle({ className, ...props }: ComponentPropsWithoutRef<'h2'>) {
  return <h2 className={cx('course-section-title', className)} {...props} />;
}

export function Card({ className, ...props }: ComponentPropsWithoutRef<'div'>) {
  return <div className={cx('course-box', className)} {...props} />;
}

function Badge({ className, ...props }: ComponentPropsWithoutRef<'span'>) {
  return <span className={cx('course-badge', className)} {...props} />;
}

export function CourseTypeBadge({ courseType }: { courseType: string }) {
  const texts = useTexts();
  return <Badge data-testid="course-type">{texts[courseTypeTextKey(courseType)] ?? courseType}</Badge>;
}

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
      <p className="course-preview-loading" data-testid="course-preview-loading" role="status">
        {t('course_loading')}
      </p>
    );
  }
  return (
    <figure data-testid="course-preview">
      <div className="course-media">
        {preview.videoUrl ? (
          <video className="course-media-fill" src={preview.videoUrl} poster={preview.pictureUrl ?? undefined} controls preload="none" playsInline aria-label={preview.videoName ?? course.title} />
        ) : (
          <img
            className="course-media-fill"
            src={preview.pictureUrl ?? undefined}
            {...responsiveAttributes(preview.pictureSrcSet, PICTURE_SIZES.coursePreview)}
            alt={preview.imageAlt ?? course.title}
            width={PREVIEW_WIDTH}
            height={PREVIEW_HEIGHT}
            loading={eager ? 'eager' : 'lazy'}
            decoding="async"
          />
        )}
      </div>
      {preview.videoName || preview.videoDesc ? (
        <figcaption className="course-caption">
          {preview.videoName ? <span className="course-strong">{preview.videoName}</span> : null}
          {preview.videoName && preview.videoDesc ? ' · ' : null}
          {preview.videoDesc}
        </figcaption>
      ) : null}
    </figure>
  );
}

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
  if (course.seatsLeft !== null) facts.push([t('course_seats'), t('course_seats_left', { seat: formatCount(course.seatsLeft, locale) }), 'seats']);
  if (course.courseLength) facts.push([t('course_length'), course.courseLength, 'length']);
  if (course.language) facts.push([t('course_language'), course.language === 'th' ? 'ไทย' : course.language === 'en' ? 'English' : course.language, 'language']);
  if (course.freeBook) facts.push([t('course_free_book'), '✓', 'free-book']);
  if (course.coursePoint !== null && course.coursePoint > 0) facts.push([t('course_points'), t('course_points_value', { point: formatCount(course.coursePoint, locale) }), 'points']);
  if (facts.length === 0) return null;
  return (
    <dl className="course-facts" data-testid="course-facts">
      {facts.map(([term, value, id]) => (
        <div key={id} className="course-fact" data-fact={id}>
          <dt className="course-fact-term">{term}</dt>
          <dd className="course-fact-value">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The registration fee: the default plan's price, ฟรี when it costs nothing, nothing when there is no fee. */
export function FeeLabel({ course, testId = 'course-fee' }: { course: CourseView; testId?: string }) {
  const t = useT();
  const locale = useLocale();
  if (!course.fee) return null;
  return (
    <p className="course-fee" data-testid={testId}>
      <span className="course-fee-label">{t('price_registration_fee')}</span>
      <span className="course-fee-amount">{course.fee.amount === 0 ? t('price_free') : formatMoney(course.fee, locale)}</span>
    </p>
  );
}

/** A link that looks like the page's main button; `small` for the registration bars. */
export function ButtonLink({ className, small = false, ...props }: ComponentPropsWithoutRef<'a'> & { small?: boolean }) {
  return <a className={cx('course-button', small && 'course-button-sm', className)} {...props} />;
}

/**
 * The student's own state of the course (spec 4: an order in progress blocks buying): a line
 * saying why, and the one thing to do next. Nothing for a visitor or a student with no order.
 */
export function StudentState({ course, small = false }: { course: CourseView; small?: boolean }) {
  const t = useT();
  const state = course.studentState;
  if (!state) return null;
  let message: string;
  let action: ReactNode = null;
  switch (state.kind) {
    case 'unpaid':
      message = t('course_state_unpaid');
      action = (
        <ButtonLink href={state.payPath} small={small} data-testid="course-continue-payment">
          {t('course_continue_payment')}
        </ButtonLink>
      );
      break;
    case 'owned':
      message = t('course_state_owned');
      action = (
        <ButtonLink href={state.learnPath} small={small} data-testid="course-go-to-lessons">
          {t('course_go_to_lessons')}
        </ButtonLink>
      );
      break;
    case 'pending':
      message = t('course_state_pending');
      action = (
        <a className="course-link" href="/myaccount/student/order" data-testid="course-see-orders">
          {t('course_see_orders')}
        </a>
      );
      break;
    case 'rejected':
      message = t('course_state_rejected');
      action = (
        <a className="course-link" href="/myaccount/student/order" data-testid="course-see-orders">
          {t('course_see_orders')}
        </a>
      );
      break;
    case 'expired':
      message = t('error_course_access_expired');
      break;
    case 'locked':
      message = t('error_course_access_denied');
      break;
  }
  return (
    <div className={cx('course-state', small && 'course-state-sm')} data-testid="course-student-state" data-state={state.kind}>
      <p className="course-state-message" role={state.kind === 'locked' || state.kind === 'expired' ? 'alert' : 'status'}>
        {message}
      </p>
      {action}
    </div>
  );
}

/** The price card of layouts 1, 3 and default: the fee, and where to register or learn, or the student's own state. */
export function PriceCard({ course }: { course: CourseView }) {
  const t = useT();
  const state = course.studentState;
  return (
    <Card className="course-price" data-testid="course-price">
      <FeeLabel course={course} />
      <StudentState course={course} />
      {state?.kind === 'owned' ? null : course.canLearn ? (
        <ButtonLink href={course.learnPath}>{t('button_start_learning')}</ButtonLink>
      ) : course.mayBuy ? (
        <ButtonLink href={`/cart?course=${course.id}`}>{t('button_register')}</ButtonLink>
      ) : null}
    </Card>
  );
}

/** Tabs over the description and the teacher. Without script the first tab stays readable. */
export function CourseTabs({ course }: { course: CourseView }) {
  const t = useT();
  const tabs = [
    { id: 'detail', label: t('course_detail'), body: course.description ? <Markdown source={course.description} baseLevel={3} /> : <p>{course.shortDescription}</p> },
    ...(course.teacher
      ? [
          {
            id: 'teacher',
            label: t('course_teacher'),
            body: (
              <div className="course-teacher">
                {course.teacher.pictureUrl ? <img className="course-teacher-picture" src={course.teacher.pictureUrl} alt="" width={72} height={72} loading="lazy" /> : null}
                <div>
                  <p className="course-teacher-name">{course.teacher.name}</p>
                  {course.teacher.headline ? <p className="course-teacher-headline">{course.teacher.headline}</p> : null}
                  {course.teacher.bio ? <p className="course-teacher-bio">{course.teacher.bio}</p> : null}
                </div>
              </div>
            ),
          },
        ]
      : []),
  ];
  const [active, setActive] = useState(tabs[0].id);
  return (
    <div data-testid="course-tabs">
      <ScrollHint testId="course-tablist" className="course-tablist-wrap">
        {(ref) => (
          <div ref={ref} className="course-tablist" role="tablist">
            {tabs.map((tab) => (
              <button
                key={tab.id}
                className="course-tab"
                type="button"
                role="tab"
                id={`course-tab-${tab.id}`}
                aria-selected={active === tab.id}
                aria-controls={`course-panel-${tab.id}`}
                onClick={() => setActive(tab.id)}
              >
                {tab.label}
              </button>
            ))}
          </div>
        )}
      </ScrollHint>
      {tabs.map((tab) => (
        <div key={tab.id} role="tabpanel" id={`course-panel-${tab.id}`} aria-labelledby={`course-tab-${tab.id}`} hidden={active !== tab.id}>
          {tab.body}
        </div>
      ))}
    </div>
  );
}

/** Sections and their lectures; native details elements, so they open without script. */
export function Curriculum({ curriculum }: { curriculum: CurriculumView }) {
  const t = useT();
  if (curriculum.length === 0) return <p className="course-muted">{t('no_data')}</p>;
  return (
    <div data-testid="course-curriculum">
      {curriculum.map((section, index) => (
        <details key={section.id} className="curriculum-section" open={index === 0}>
          <summary>
            <span>{section.name}</span>
            <span className="curriculum-count">{t('curriculum_lecture_count', { count: section.lectures.length })}</span>
          </summary>
          <ul className="curriculum-lectures">
            {section.lectures.map((lecture) => (
              <li key={lecture.id} className="curriculum-lecture">
                <span>{lecture.name}</span>
                <span className="curriculum-lecture-meta">
                  {lecture.preview ? <Badge>{t('playlist_lecture_preview')}</Badge> : null}
                  {formatDuration(lecture.seconds)}
                </span>
              </li>
            ))}
          </ul>
        </details>
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

function RelatedList({ title, courses, testId }: { title: string; courses: CourseCardView[]; testId: string }) {
  const t = useT();
  const texts = useTexts();
  const locale = useLocale();
  if (courses.length === 0) return null;
  return (
    <Section data-testid={testId} aria-label={title}>
      <SectionTitle>{title}</SectionTitle>
      <ul className="course-related-grid">
        {courses.map((course) => (
          <li key={course.id}>
            <CourseCard course={course} typeLabel={texts[courseTypeTextKey(course.course_type)] ?? course.course_type} freeLabel={t('price_free')} locale={locale} eager={false} />
          </li>
        ))}
      </ul>
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
    <div className="course-heading">
      <div className="course-heading-badges">
        <CourseTypeBadge courseType={course.courseType} />
        {course.groups.map((group) => (
          <Badge key={group.id} className={light ? 'course-badge-light' : 'course-badge-muted'}>
            {group.name}
          </Badge>
        ))}
      </div>
      <h1 className="course-title">{course.title}</h1>
      {course.shortDescription ? <p className={cx('course-lead', light && 'course-lead-light')}>{course.shortDescription}</p> : null}
    </div>
  );
}

export { formatDate };
