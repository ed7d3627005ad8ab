import { PAGE_GLOBALS_ID, pageHasGlobals } from './page-globals';

describe('pageHasGlobals', () => {
  afterEach(() => document.head.replaceChildren());

  it('is true when the page has the build-time global CSS', () => {
    document.head.innerHTML = `<style id="${PAGE_GLOBALS_ID}">@layer reset,base,tokens,recipes;@layer reset{html{line-height:1.5}}</style>`;
    expect(pageHasGlobals(document)).toBe(true);
  });

  it('is false without it, or with an element of that id that holds no global CSS', () => {
    expect(pageHasGlobals(document)).toBe(false);
    // A template whose placeholder was not filled in: the chrome must render the styles itself.
    document.head.innerHTML = `<style id="${PAGE_GLOBALS_ID}"></style>`;
    expect(pageHasGlobals(document)).toBe(false);
    document.head.innerHTML = `<div id="${PAGE_GLOBALS_ID}">@layer reset,base,tokens,recipes;</div>`;
    expect(pageHasGlobals(document)).toBe(false);
  });
});
