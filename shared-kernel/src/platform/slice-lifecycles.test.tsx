import { act } from 'react';
import { flushSync } from 'react-dom';
import { sliceClient } from './slice-lifecycles';

// Issue 28: a slice's first render onto a page the server painted runs in a transition (React
// yields between slices of work, the page stays as painted until the commit); any other render is
// React's default one. flushSync tells them apart: it commits a default render before it returns,
// never a transition.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

describe("a slice's React client", () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  function renderInto(container: HTMLElement) {
    const root = sliceClient.createRoot(container);
    let shownAtOnce = '';
    act(() => {
      flushSync(() => root.render(<p>Rendi kõike</p>));
      shownAtOnce = container.textContent ?? '';
    });
    return { root, shownAtOnce };
  }

  it('renders in a transition while the server-painted page is on screen, committing when done', () => {
    document.body.innerHTML = '<div data-prerender-outlet="/public"><h1>Rendi kõike</h1></div><div id="slice"></div>';
    const slice = document.getElementById('slice')!;
    const { root, shownAtOnce } = renderInto(slice);
    expect(shownAtOnce).toBe('');
    expect(slice.textContent).toBe('Rendi kõike');
    act(() => root.unmount());
    expect(slice.textContent).toBe('');
  });

  it('renders at once on a page the browser renders (no server-painted holder)', () => {
    document.body.innerHTML = '<div id="slice"></div>';
    const slice = document.getElementById('slice')!;
    const { root, shownAtOnce } = renderInto(slice);
    expect(shownAtOnce).toBe('Rendi kõike');
    act(() => root.unmount());
  });
});
