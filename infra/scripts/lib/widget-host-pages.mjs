// Plain HTML "owner websites" for the owner widget (issue 17, ADR 0025): served from an origin of
// their own (another port than the platform's), each with the snippet an owner copies. Used by the
// journey (infra/e2e/owner-widget.e2e.ts) and the benchmark (infra/scripts/bench-widget.mjs).
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * The snippet an owner pastes into their page (the format the owner's snippet UI shows).
 * @param {{ platformOrigin: string, ownerId: number, layout?: 'grid' | 'list', limit?: number, category?: number }} opts
 */
export function widgetSnippet({ platformOrigin, ownerId, layout = 'grid', limit = 6, category }) {
  const cat = category === undefined ? '' : ` data-category="${Number(category)}"`;
  return `<div data-rendime-owner="${Number(ownerId)}" data-layout="${layout === 'list' ? 'list' : 'grid'}" data-limit="${Number(limit)}"${cat}></div>
<script async src="${platformOrigin}/widget/loader.js"></script>`;
}

/** Global CSS as hostile as a real site's can be: it must change nothing inside the widget. */
export const HOSTILE_CSS = `
* { color: red !important; font-size: 40px; font-family: "Comic Sans MS", cursive !important; line-height: 3 !important; letter-spacing: 4px !important; box-sizing: content-box !important; }
div { display: inline !important; padding: 13px !important; border: 7px dashed orange !important; }
a { color: lime !important; font-size: 60px !important; padding: 20px !important; text-decoration: underline wavy !important; background: black !important; display: block !important; }
img { width: 5px !important; height: 5px !important; border: 9px solid blue !important; }
h3, p, li, ul { margin: 50px !important; padding: 30px !important; font-weight: 100 !important; text-transform: uppercase !important; list-style: square !important; }
.rw-card, .rw-title, .rw-price, .rw-rent, .rw { color: purple !important; display: none !important; }
`;

const page = (/** @type {string} */ title, /** @type {string} */ head, /** @type {string} */ body) => `<!doctype html>
<html lang="et"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title><link rel="icon" href="data:,">${head}</head>
<body style="margin:0;padding:16px;width:960px">${body}</body></html>`;

/**
 * The pages, by path. `/plain.html` only the snippet; `/hostile.html` the snippet under HOSTILE_CSS;
 * `/react18.html` the host's own React 18 app (a counter) beside the snippet; `/several.html` two
 * widget elements (grid and list).
 * @param {{ platformOrigin: string, ownerId: number }} o
 * @returns {Record<string, string>}
 */
export function hostPages({ platformOrigin, ownerId }) {
  /** @param {{ layout?: 'grid' | 'list', limit?: number }} [o] */
  const snippet = (o = {}) => widgetSnippet({ platformOrigin, ownerId, ...o });
  // The lookalike carries the widget's class names outside it: the widget's CSS must not reach it.
  const heading =
    '<h1 id="host-heading">Rendiäri OÜ tehnika</h1>\n<p id="host-lookalike" class="rw rw-card rw-title rw-rent">Meie oma tekst</p>';
  const react18App = `<div id="host-app"></div>
<script src="/umd/react.production.min.js"></script>
<script src="/umd/react-dom.production.min.js"></script>
<script>
  (function () {
    var e = React.createElement;
    function Counter() {
      var s = React.useState(0);
      return e('div', null, e('p', { id: 'host-react-version' }, 'React ' + React.version), e('button', { id: 'host-counter', onClick: function () { s[1](s[0] + 1); } }, 'Klikke: ' + s[0]));
    }
    ReactDOM.createRoot(document.getElementById('host-app')).render(e(Counter));
  })();
</script>`;
  return {
    '/plain.html': page('Omaniku leht', '', `${heading}\n${snippet()}`),
    '/hostile.html': page('Omaniku leht (vaenulik CSS)', `<style>${HOSTILE_CSS}</style>`, `${heading}\n${snippet()}`),
    '/react18.html': page('Omaniku leht (React 18)', '', `${heading}\n${react18App}\n${snippet()}`),
    '/several.html': page(
      'Omaniku leht (kaks vidinat)',
      '',
      `${heading}\n<section id="first">${snippet({ limit: 2 })}</section>\n<section id="second">${snippet({ layout: 'list', limit: 1 })}</section>`,
    ),
  };
}

/** The host's own React 18 (infra's react-18 / react-dom-18 aliases), UMD builds, never a CDN. */
function umdFiles() {
  return {
    // Through package.json: the packages' exports maps do not list their umd folders.
    '/umd/react.production.min.js': path.join(path.dirname(require.resolve('react-18/package.json')), 'umd/react.production.min.js'),
    '/umd/react-dom.production.min.js': path.join(
      path.dirname(require.resolve('react-dom-18/package.json')),
      'umd/react-dom.production.min.js',
    ),
  };
}

/**
 * Starts the host site on `port` (127.0.0.1). `ownerId` may be changed later through `setOwner`.
 * @param {{ port: number, platformOrigin: string, ownerId: number }} opts
 */
export async function startHostSite({ port, platformOrigin, ownerId }) {
  /** @type {Record<string, string>} */
  let pages = hostPages({ platformOrigin, ownerId });
  /** @type {Record<string, string>} */
  const extra = {};
  /** @type {Record<string, string>} */
  const files = umdFiles();
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://host');
    const html = extra[url.pathname] ?? pages[url.pathname];
    if (html) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
      res.end(html);
      return;
    }
    const file = files[url.pathname];
    if (file) {
      res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' });
      res.end(fs.readFileSync(file));
      return;
    }
    res.writeHead(404, { 'content-type': 'text/plain' });
    res.end('Not found');
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(undefined));
  });
  return {
    origin: `http://127.0.0.1:${port}`,
    /** @param {number} id */
    setOwner(id) {
      pages = hostPages({ platformOrigin, ownerId: id });
    },
    /** Serves `body` (e.g. a snippet copied from the owner's page) as a page of its own at `at`. @param {string} at @param {string} body */
    setPage(at, body) {
      extra[at] = page('Omaniku leht', '', body);
    },
    stop: () => new Promise((resolve) => server.close(() => resolve(undefined))),
  };
}
