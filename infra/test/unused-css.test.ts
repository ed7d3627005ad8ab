// Issue 28: a server-rendered page framed by the front page's snapshot chrome carries only the
// snapshot's rules its own markup can use, not the front page's whole stylesheet.

type UnusedCss = typeof import('../scripts/lib/unused-css.mjs');
let prune: UnusedCss['withoutUnusedClassRules'];
beforeAll(async () => {
  ({ withoutUnusedClassRules: prune } = await import('../scripts/lib/unused-css.mjs'));
});

/** The selectors a stylesheet still has, in order, with their at-rule parents. */
function selectorsOf(css: string): string[] {
  return [...css.matchAll(/([^{};]+)\{/g)].map((m) => m[1].trim());
}

const markup = '<header class="css-head chakra-link css-logo"><a class="css-link" href="/">Rendime</a></header><p class="plain">x</p>';

describe('withoutUnusedClassRules', () => {
  it('drops the rules of Emotion classes the markup does not have, at any depth, and empty blocks they leave', () => {
    const css = [
      '.css-head { display: flex; }',
      '.css-hero { min-height: 60vh; }',
      '@layer recipes {',
      '  .css-link { color: green; }',
      '  .css-slider { overflow: auto; }',
      '  @media (hover: hover) {',
      '    .css-link:is(:hover, [data-hover]):not(:disabled, [data-disabled]) { text-decoration-line: underline; }',
      '    .css-slider:hover { color: red; }',
      '  }',
      '  @media (min-width: 48rem) { .css-hero { padding: 4rem; } }',
      '}',
    ].join('\n');
    expect(selectorsOf(prune(css, markup))).toEqual([
      '.css-head',
      '@layer recipes',
      '.css-link',
      '@media (hover: hover)',
      '.css-link:is(:hover, [data-hover]):not(:disabled, [data-disabled])',
    ]);
  });

  it('keeps a rule when any selector of its list may match, and matches class names exactly', () => {
    const css = [
      '.css-hero, .css-link > span { margin: 0; }',
      '.css-head .css-hero { margin: 1px; }',
      '.css-hero .css-head { margin: 2px; }',
      '.css-lin { margin: 3px; }',
      '.css-linkx { margin: 4px; }',
      '.css-link-more { margin: 5px; }',
    ].join('\n');
    // A labelled class (`css-hash-Label`, Emotion's development names) is not a plain hash: kept.
    expect(selectorsOf(prune(css, markup))).toEqual(['.css-hero, .css-link > span', '.css-head .css-hero', '.css-link-more']);
  });

  // One sheet holds them all, so each is read among the others as a page's stylesheet would be.
  const untouched = [
    '@layer reset, base, tokens, recipes;',
    ':root { --x: 1px; }',
    'html, body { margin: 0; }',
    '.chakra-link { color: blue; }',
    '*:not(.css-hero) { box-sizing: border-box; }',
    '@keyframes spin { from { transform: rotate(0deg); } to { transform: rotate(360deg); } }',
    '@font-face { font-family: "A{b}"; src: url("a.woff2"); }',
  ];
  it.each(untouched)(
    'keeps element, global and other class rules, keyframes, font faces and statement at-rules as they are: %s',
    (kept) => {
      expect(prune(untouched.join('\n'), markup)).toContain(kept);
    },
  );

  it('reads braces inside strings and comments as text', () => {
    const css = ['.css-hero::before { content: "}{"; }', '/* .css-link { } */', ".css-link::after { content: '{'; }"].join('\n');
    expect(prune(css, markup)).toBe("/* .css-link { } */\n.css-link::after { content: '{'; }");
  });

  it('reads a backslash-escaped brace as text', () => {
    expect(prune('.css-hero { --x: \\}; }\n.css-link { color: red; }', markup)).toBe('.css-link { color: red; }');
  });

  it('returns a stylesheet it cannot read whole rather than a wrong part of it', () => {
    for (const broken of ['.css-hero { color: red;', '.css-hero { content: "x; }', '/* .css-hero { }'])
      expect(prune(broken, markup)).toBe(broken);
  });

  it('keeps what it does not read: strings, comments or escapes in a selector, other class attribute forms', () => {
    const css = [
      'a[href="/*"], .css-hero[title="*/"] { color: red; }',
      '.css-hero[title=")"], .css-link { color: blue; }',
      '.css-lin\\6b { color: green; }',
    ].join('\n');
    expect(prune(css, markup)).toBe(css);
    expect(prune('.css-hero { color: red; }', "<p class='css-hero'>x</p>")).toBe('.css-hero { color: red; }');
    expect(prune('.css-hero { color: red; }', '<p class=css-hero>x</p>')).toBe('.css-hero { color: red; }');
    for (const markupForm of [
      '<p CLASS="css-hero">x</p>',
      '<p id="x"class="css-hero">x</p>',
      '<p/class="css-hero">x</p>',
      '<p class\n="CSS-HERO">x</p>',
    ])
      expect(prune('.css-hero { color: red; }', markupForm)).toBe('.css-hero { color: red; }');
    // A class behind a character reference cannot be read: the whole sheet stays.
    expect(prune('.css-hero { color: red; }\n.css-other { color: blue; }', '<p class="css-&#104;ero">x</p>')).toBe(
      '.css-hero { color: red; }\n.css-other { color: blue; }',
    );
  });

  it('declares a layer it empties where it was, so the order of the layers stays', () => {
    expect(prune('@layer recipes { .css-hero { color: red; } }\n@layer tokens { .css-head { color: blue; } }', markup)).toBe(
      '@layer recipes;\n@layer tokens {\n.css-head { color: blue; }\n}',
    );
  });
});
