import { describe, expect, it } from 'vitest';
import { romanizeThai, slugify, slugOrFallback } from './slug';

describe('slugs', () => {
  it.each([
    ['Excel สำหรับคนทำงาน', 'excel-samrabkhnthamngan'],
    ['หนังสือ ๑๐๑', 'nangsue-101'],
    ['การตลาดออนไลน์', 'kartladoonlai'],
    ['Photography: Basics & More!', 'photography-basics-more'],
    ['', ''],
    ['!!!', ''],
  ])('slugifies %j as %j', (title, slug) => {
    expect(slugify(title)).toBe(slug);
  });

  it('drops tone marks and the letter under a thanthakhat', () => {
    expect(romanizeThai('ไลน์')).toBe('lai');
    expect(romanizeThai('ไม้')).toBe('mai');
  });

  it('keeps a slug short and never ends it with a dash', () => {
    const slug = slugify('ก'.repeat(50) + ' ' + 'ข'.repeat(50));
    expect(slug.length).toBeLessThanOrEqual(80);
    expect(slug.endsWith('-')).toBe(false);
  });

  it('falls back to {prefix}-{id} when the title gives nothing', () => {
    expect(slugOrFallback('???', 'course', 42)).toBe('course-42');
    expect(slugOrFallback(null, 'product', 7)).toBe('product-7');
    expect(slugOrFallback('Thai Food', 'course', 1)).toBe('thai-food');
  });
});
