import { describe, expect, it } from 'vitest';
import { PictureSourcesSchema } from './cms-schemas.server';

describe('PictureSourcesSchema', () => {
  it('reads a missing list as none and refuses a width that is not a positive whole number', () => {
    expect(PictureSourcesSchema.parse(undefined)).toEqual([]);
    expect(PictureSourcesSchema.safeParse([{ url: '/a.webp', width: 0 }]).success).toBe(false);
  });
});
