import { describe, expect, it } from 'vitest';
import { getCoursePath, parseCourseId } from './course-path';

describe('getCoursePath', () => {
  it('joins the id and the slug with a dash under /courses', () => {
    expect(getCoursePath({ id: 12, slug: 'intro-to-thai' })).toBe('/courses/12-intro-to-thai');
  });

  it('percent-encodes a Thai slug so the link is a valid URL', () => {
    expect(getCoursePath({ id: 3, slug: 'ภาษาไทย' })).toBe(`/courses/3-${encodeURIComponent('ภาษาไทย')}`);
  });

  it('leaves out the dash when a course has no slug', () => {
    expect(getCoursePath({ id: 7, slug: '' })).toBe('/courses/7');
    expect(getCoursePath({ id: 7, slug: null })).toBe('/courses/7');
  });
});

describe('parseCourseId', () => {
  it.each([
    ['12-intro-to-thai', 12],
    ['12-a-slug-with-many-dashes', 12],
    ['12', 12],
    ['12-', 12],
    ['007-bond', 7],
  ])('reads the id before the first dash of %s', (segment, id) => {
    expect(parseCourseId(segment)).toBe(id);
  });

  it.each(['', 'abc-12', '-12-x', '1.5-x', '0-zero', ' 12-x', '99999999999999999999-x'])('rejects %j', (segment) => {
    expect(parseCourseId(segment)).toBeNull();
  });

  it('round-trips a built path', () => {
    const path = getCoursePath({ id: 42, slug: 'data-science-101' });
    expect(parseCourseId(path.split('/')[2])).toBe(42);
  });
});
