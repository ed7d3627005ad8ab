// A server-painted product or search page is framed by the front page's snapshot chrome (ADR 0024),
// and carried the snapshot's whole CSS: 46 KB, two thirds of it for the front page's own sections,
// parsed and matched before the first paint (issue 28). The browser's Emotion inserts its own rules
// when the shell takes over (the snapshot's sheet is not registered with it), so the snapshot's
// sheet only has to style the markup served with it.

/** Emotion's generated class names: `css-` and a hash. */
/**
 * The snapshot's CSS without the rules of Emotion classes no element of `markup` has. Only rules
 * every selector of which starts with such a class are dropped (they can match nothing here);
 * anything else (element and global rules, keyframes, other at-rules) is kept as it is, and so is
 * a stylesheet this reader does not understand (unbalanced braces or quotes).
 * @param {string} css a browser-serialised stylesheet (the snapshot's)
 * @param {string} markup the HTML served with it
 * @returns {string}
 */
export function withoutUnusedClassRules(css, markup) {
  // Every Emotion class named anywhere in the markup counts as used, whatever attribute or case
  // it is written in; one hidden behind a character reference keeps the whole sheet.
  if (/css-[a-z0-9-]*&/i.test(markup)) return css;
  const used = new Set(Array.from(markup.matchAll(/css-[a-z0-9]+/gi), (m) => m[0].toLowerCase()));
  try {
    return pruneBlock(css, 0, css.length, used).trim();
  } catch {
    return css;
  }
}

/** Blocks whose contents are rules, pruned in turn; every other at-rule's block is kept whole. */
const GROUPING = /^@(media|layer|supports|container|scope|document)\b/i;

/**
 * @param {string} css @param {number} from @param {number} to @param {Set<string>} used
 * @returns {string}
 */
function pruneBlock(css, from, to, used) {
  let out = '';
  let i = from;
  while (i < to) {
    const open = nextOf(css, i, to, '{;');
    if (open < 0) {
      out += css.slice(i, to);
      break;
    }
    // Decided on without comments; written as it was.
    const written = css.slice(i, open).trim();
    const prelude = written.replace(/\/\*[\s\S]*?\*\//g, '').trim();
    if (css[open] === ';') {
      // A statement at-rule (`@layer a, b;`, `@import …;`).
      out += `${written};\n`;
      i = open + 1;
      continue;
    }
    const close = matchingBrace(css, open, to);
    if (prelude.startsWith('@')) {
      if (GROUPING.test(prelude)) {
        const inner = pruneBlock(css, open + 1, close, used).trim();
        if (inner) out += `${written} {\n${inner}\n}\n`;
        // An emptied layer is still declared where it was, so the layers' order cannot change.
        else if (/^@layer\s+[^\s,{]+$/i.test(prelude)) out += `${prelude};\n`;
      } else {
        out += `${css.slice(i, close + 1).trim()}\n`;
      }
    } else if (!unusedSelector(prelude, used)) {
      out += `${css.slice(i, close + 1).trim()}\n`;
    }
    i = close + 1;
  }
  return out;
}

/**
 * True when every selector of the list starts with an Emotion class no element has.
 * @param {string} selectorList @param {Set<string>} used
 */
function unusedSelector(selectorList, used) {
  // Strings, comments and escapes are not read: such a rule is kept.
  if (/["'\\]|\/\*/.test(selectorList)) return false;
  return splitTopLevel(selectorList).every((selector) => {
    const first = /^\.(css-[a-z0-9]+)(?![\w\u0080-\uffff-])/.exec(selector.trim());
    return first !== null && !used.has(first[1]);
  });
}

/** @param {string} list */
function splitTopLevel(list) {
  const parts = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < list.length; i++) {
    const ch = list[i];
    if (ch === '(' || ch === '[') depth++;
    else if (ch === ')' || ch === ']') depth--;
    else if (ch === ',' && depth === 0) {
      parts.push(list.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(list.slice(start));
  return parts;
}

/**
 * The first of `chars` at or after `from`, outside strings; -1 if none before `to`.
 * @param {string} css @param {number} from @param {number} to @param {string} chars
 */
function nextOf(css, from, to, chars) {
  for (let i = from; i < to; i++) {
    const ch = css[i];
    if (ch === '\\') i++;
    else if (ch === '"' || ch === "'") i = stringEnd(css, i, to);
    else if (ch === '/' && css[i + 1] === '*') i = commentEnd(css, i, to);
    else if (chars.includes(ch)) return i;
  }
  return -1;
}

/**
 * The `}` that closes the `{` at `open`; throws on an unbalanced sheet.
 * @param {string} css @param {number} open @param {number} to
 */
function matchingBrace(css, open, to) {
  let depth = 0;
  for (let i = open; i < to; i++) {
    const ch = css[i];
    if (ch === '\\') i++;
    else if (ch === '"' || ch === "'") i = stringEnd(css, i, to);
    else if (ch === '/' && css[i + 1] === '*') i = commentEnd(css, i, to);
    else if (ch === '{') depth++;
    else if (ch === '}' && --depth === 0) return i;
  }
  throw new Error('unbalanced braces');
}

/**
 * Where the string that opens at `start` ends (its closing quote); throws if it does not.
 * @param {string} css @param {number} start @param {number} to
 */
function stringEnd(css, start, to) {
  const quote = css[start];
  for (let i = start + 1; i < to; i++) {
    if (css[i] === '\\') i++;
    else if (css[i] === quote) return i;
  }
  throw new Error('unterminated string');
}

/**
 * Where the comment that opens at `start` ends (the `/` of its `*\/`); throws if it does not.
 * @param {string} css @param {number} start @param {number} to
 */
function commentEnd(css, start, to) {
  const end = css.indexOf('*/', start + 2);
  if (end < 0 || end + 1 >= to) throw new Error('unterminated comment');
  return end + 1;
}
