import { describe, expect, it } from 'vitest';
import { pageShipsScripts } from './page-scripts';

const root = { handle: undefined };

describe('pageShipsScripts', () => {
  it('a page ships its scripts unless its route says otherwise', () => {
    expect(pageShipsScripts([root, { handle: undefined }], false)).toBe(true);
    expect(pageShipsScripts([root, { handle: { hydrate: true } }], false)).toBe(true);
    expect(pageShipsScripts([root, { handle: { breadcrumb: 'x' } }], false)).toBe(true);
  });

  it('a route with hydrate: false is sent as server HTML alone', () => {
    expect(pageShipsScripts([root, { handle: { hydrate: false } }], false)).toBe(false);
  });

  it('only the page’s own route decides: a layout’s hydrate: false does not strip a child that needs scripts', () => {
    expect(pageShipsScripts([root, { handle: { hydrate: false } }, { handle: undefined }], false)).toBe(true);
  });

  it('the frame’s own need (the session-refusal modal) sends the scripts on any page', () => {
    expect(pageShipsScripts([root, { handle: { hydrate: false } }], true)).toBe(true);
  });
});
