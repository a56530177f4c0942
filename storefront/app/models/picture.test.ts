import { describe, expect, it } from 'vitest';
import { responsiveAttributes, srcSetOf } from './picture';

describe('srcSetOf', () => {
  it('lists the renditions narrowest first, each with its width descriptor', () => {
    const sources = [
      { url: '/uploads/w960_a.webp', width: 960 },
      { url: '/uploads/w320_a.webp', width: 320 },
      { url: '/uploads/w640_a.webp', width: 640 },
    ];
    expect(srcSetOf(sources)).toBe('/uploads/w320_a.webp 320w, /uploads/w640_a.webp 640w, /uploads/w960_a.webp 960w');
  });

  it('puts each address through the public origin', () => {
    expect(srcSetOf([{ url: '/uploads/w320_a.webp', width: 320 }], (url) => `https://cms.example${url}`)).toBe('https://cms.example/uploads/w320_a.webp 320w');
  });

  it('keeps one candidate per width and drops an address that would split the list', () => {
    const sources = [
      { url: '/uploads/w320_a.webp', width: 320 },
      { url: '/uploads/w320_b.webp', width: 320 },
      { url: '/uploads/w640 a,b.webp', width: 640 },
    ];
    expect(srcSetOf(sources)).toBe('/uploads/w320_a.webp 320w');
  });

  it('is null without renditions, so the picture keeps its plain src', () => {
    expect(srcSetOf([])).toBeNull();
    expect(srcSetOf(undefined)).toBeNull();
    expect(srcSetOf([{ url: '/uploads/w320_a.webp', width: 320 }], () => null)).toBeNull();
  });
});

describe('responsiveAttributes', () => {
  it('gives srcSet and sizes together, or neither', () => {
    expect(responsiveAttributes('/a.webp 320w', '100vw')).toEqual({ srcSet: '/a.webp 320w', sizes: '100vw' });
    expect(responsiveAttributes(null, '100vw')).toEqual({});
  });
});
