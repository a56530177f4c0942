import { chakra } from '@chakra-ui/react';
import { Link } from '@remix-run/react';
import { formatMoney } from '@sala/shared/money';
import type { CourseListItem } from '~/lib/catalog';
import { getCoursePath } from '~/lib/course-path';
import type { Locale } from '~/lib/i18n';

// Card pictures use the social-image ratio of the spec (600x314).
export const CARD_IMAGE_WIDTH = 600;
export const CARD_IMAGE_HEIGHT = 314;

// The grid is hot: plain elements styled through chakra() factories, no recipe components.
const CardLink = chakra(Link, {
  base: {
    display: 'flex',
    flexDirection: 'column',
    h: 'full',
    bg: 'bg',
    borderWidth: '1px',
    borderColor: 'border',
    borderRadius: 'lg',
    overflow: 'hidden',
    transition: 'box-shadow 0.15s, transform 0.15s',
    _hover: { boxShadow: 'md', transform: 'translateY(-2px)' },
    _focusVisible: { outline: '2px solid', outlineColor: 'brand', outlineOffset: '2px' },
  },
});

const Picture = chakra('img', {
  base: { display: 'block', w: 'full', h: 'auto', aspectRatio: `${CARD_IMAGE_WIDTH} / ${CARD_IMAGE_HEIGHT}`, objectFit: 'cover', bg: 'bg.muted' },
});

const PicturePlaceholder = chakra('div', {
  base: {
    aspectRatio: `${CARD_IMAGE_WIDTH} / ${CARD_IMAGE_HEIGHT}`,
    bg: 'brandSubtle',
    color: 'brand',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    fontSize: '3xl',
    fontWeight: '700',
  },
});

const Body = chakra('div', { base: { p: '4', display: 'flex', flexDirection: 'column', gap: '2', flex: '1' } });

const TypeLabel = chakra('span', {
  base: { alignSelf: 'flex-start', fontSize: 'xs', fontWeight: '600', color: 'brand', bg: 'brandSubtle', px: '2', py: '0.5', borderRadius: 'full' },
});

const Title = chakra('h3', {
  base: { fontSize: 'md', fontWeight: '600', lineHeight: '1.5', color: 'fg', lineClamp: '2' },
});

const Price = chakra('p', { base: { mt: 'auto', pt: '2', fontSize: 'lg', fontWeight: '700', color: 'fg' } });

/** First letter of a title, keeping a Thai leading vowel with its consonant (เขียน → เข). */
function initialOf(title: string): string {
  return /^[\u0E40-\u0E44]?./u.exec(title.trim())?.[0] ?? '';
}

export type CourseCardProps = {
  course: CourseListItem;
  typeLabel: string;
  /** Shown instead of ฿0.00 for a course whose cheapest plan costs nothing. */
  freeLabel: string;
  locale: Locale;
  /** Cards in the first rows load at once; the rest wait until they near the viewport. */
  eager: boolean;
};

export function CourseCard({ course, typeLabel, freeLabel, locale, eager }: CourseCardProps) {
  return (
    <CardLink to={getCoursePath(course)} prefetch="intent" data-testid="course-card">
      {course.pictureUrl ? (
        <Picture
          src={course.pictureUrl}
          alt={course.imageAlt ?? ''}
          // html* props: Chakra reads plain width/height as style props
          htmlWidth={CARD_IMAGE_WIDTH}
          htmlHeight={CARD_IMAGE_HEIGHT}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
        />
      ) : (
        <PicturePlaceholder aria-hidden="true">{initialOf(course.title)}</PicturePlaceholder>
      )}
      <Body>
        <TypeLabel>{typeLabel}</TypeLabel>
        <Title>{course.title}</Title>
        {course.price ? <Price>{course.price.amount === 0 ? freeLabel : formatMoney(course.price, locale)}</Price> : null}
      </Body>
    </CardLink>
  );
}
