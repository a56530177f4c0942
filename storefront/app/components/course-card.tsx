import { Link } from '@remix-run/react';
import { formatMoney } from '@sala/shared/money';
import type { CourseCardView } from '~/models/catalog';
import { getCoursePath } from '~/models/course-path';
import type { Locale } from '~/models/i18n';
import { PICTURE_SIZES, responsiveAttributes } from '~/models/picture';

// Card pictures use the social-image ratio of the spec (600x314).
export const CARD_IMAGE_WIDTH = 600;
export const CARD_IMAGE_HEIGHT = 314;

/** First letter of a title, keeping a Thai leading vowel with its consonant (เขียน → เข). */
function initialOf(title: string): string {
  return /^[\u0E40-\u0E44]?./u.exec(title.trim())?.[0] ?? '';
}

export type CourseCardProps = {
  course: CourseCardView;
  typeLabel: string;
  /** Shown instead of ฿0.00 for a course whose cheapest plan costs nothing. */
  freeLabel: string;
  locale: Locale;
  /** Cards in the first rows load at once; the rest wait until they near the viewport. */
  eager: boolean;
};

// The grid is hot: plain elements with static classes (app/styles/course-card.css), no runtime styling.
export function CourseCard({ course, typeLabel, freeLabel, locale, eager }: CourseCardProps) {
  return (
    <Link className="course-card" to={getCoursePath(course)} prefetch="intent" data-testid="course-card">
      {course.pictureUrl ? (
        <img
          className="course-card-picture"
          src={course.pictureUrl}
          {...responsiveAttributes(course.pictureSrcSet, PICTURE_SIZES.courseCard)}
          alt={course.imageAlt ?? ''}
          width={CARD_IMAGE_WIDTH}
          height={CARD_IMAGE_HEIGHT}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
        />
      ) : (
        <div className="course-card-placeholder" aria-hidden="true">
          {initialOf(course.title)}
        </div>
      )}
      <div className="course-card-body">
        <span className="course-card-type">{typeLabel}</span>
        <h3 className="course-card-title">{course.title}</h3>
        {course.price ? <p className="course-card-price">{course.price.amount === 0 ? freeLabel : formatMoney(course.price, locale)}</p> : null}
      </div>
    </Link>
  );
}
