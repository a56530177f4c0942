import { describe, expect, it } from 'vitest';
import { pageScripts } from './page-scripts';

const root = { handle: undefined };

describe('pageScripts', () => {
  it('a page runs its scripts at once unless its route says otherwise', () => {
    expect(pageScripts([root, { handle: undefined }], false)).toBe('now');
    expect(pageScripts([root, { handle: { hydrate: true } }], false)).toBe('now');
    expect(pageScripts([root, { handle: { breadcrumb: 'x' } }], false)).toBe('now');
    expect(pageScripts([root, { handle: { hydrate: 'later' } }], false)).toBe('now');
  });

  it('a route with hydrate: false is sent as server HTML alone', () => {
    expect(pageScripts([root, { handle: { hydrate: false } }], false)).toBe('never');
  });

  it('a route with hydrate: on-engagement holds its scripts until the visitor uses the page', () => {
    expect(pageScripts([root, { handle: { hydrate: 'on-engagement' } }], false)).toBe('on-engagement');
  });

  it('only the page’s own route decides: a layout’s handle does not strip a child that needs scripts', () => {
    expect(pageScripts([root, { handle: { hydrate: false } }, { handle: undefined }], false)).toBe('now');
    expect(pageScripts([root, { handle: { hydrate: 'on-engagement' } }, { handle: undefined }], false)).toBe('now');
  });

  it('the frame’s own need (the session-refusal modal) runs the scripts at once on any page', () => {
    expect(pageScripts([root, { handle: { hydrate: false } }], true)).toBe('now');
    expect(pageScripts([root, { handle: { hydrate: 'on-engagement' } }], true)).toBe('now');
  });
});
