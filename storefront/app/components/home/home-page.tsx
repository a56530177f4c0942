import { Form } from '@remix-run/react';
import { CourseCard } from '~/components/course-card';
import type { CourseCardView } from '~/models/catalog';
import { courseTypeTextKey, useLocale, useT, useTexts } from '~/models/i18n';

/** Cards in the first row (four at the widest layout) are above the fold. */
const EAGER_CARDS = 4;

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

  // Plain elements with static classes (app/styles/home.css): no runtime styling, so the page
  // needs none of Chakra's code to hydrate.
  return (
    <div className="home-page">
      <div className="home-top">
        <div>
          <h1 className="home-heading">{t('home_heading')}</h1>
          <p className="home-subheading">{t('home_subheading')}</p>
        </div>
        <Form method="get" role="search">
          <div className="home-search">
            <input className="home-search-input" type="search" name="keyword" defaultValue={keyword} placeholder={t('nav_search_placeholder')} aria-label={t('nav_search_placeholder')} />
            <button className="home-search-button" type="submit" aria-label={t('nav_search_placeholder')}>
              <SearchIcon />
            </button>
          </div>
        </Form>
      </div>

      <h2 className="home-courses-heading">{t('nav_courses')}</h2>
      {courses.length === 0 ? (
        <p className="home-empty">{t('no_data')}</p>
      ) : (
        <ul className="home-grid">
          {courses.map((course, index) => (
            <li key={course.id}>
              <CourseCard course={course} typeLabel={texts[courseTypeTextKey(course.course_type)] ?? course.course_type} freeLabel={t('price_free')} locale={locale} eager={index < EAGER_CARDS} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
