import { holdUntilSliceRenders, findPrerenderedOutlet } from './adopt-prerender';
import { refocusAfterChrome, trackFocus } from './carry-focus';

/** The server's page: its chrome (a header link) and, in the holder, the slice's marked page. */
function serverPage() {
  document.body.innerHTML =
    '<div id="shell-root"><header><a href="/public">Rendime</a></header><main><div data-prerender-outlet="/public/detail-view/27">' +
    '<div><section data-prerender=""><h1>Haagis</h1><button>Broneeri</button><a href="#k">Küsimused</a></section></div></div></main></div>';
  return document.getElementById('shell-root')!;
}

/** What React's commit does to the server's chrome: the container's children replaced by equal ones. */
function replaceChrome(container: HTMLElement): HTMLElement {
  container.innerHTML = '<header><a href="/public">Rendime</a></header><main><div id="rendime-outlet"></div></main>';
  return container.querySelector<HTMLElement>('#rendime-outlet')!;
}

const settle = () => new Promise((r) => setTimeout(r, 0));

describe('focus across the takeover of server markup', () => {
  it('keeps the focused button of the server page focused when the chrome is replaced and again when the slice renders its own page', async () => {
    const container = serverPage();
    const holder = findPrerenderedOutlet(document, '/public/detail-view/27');
    expect(holder).not.toBeNull();
    const focus = trackFocus(document);
    const serverChrome = Array.from(container.children);
    // The visitor tabs to the booking button before the scripts run.
    holder!.querySelector('button')!.focus();
    const outlet = replaceChrome(container);
    const active = focus.last();
    focus.stop();
    holdUntilSliceRenders({ outlet, holder: holder!, doc: document, pathname: () => '/public/detail-view/27' });
    refocusAfterChrome(container, serverChrome, holder, active);
    expect(document.activeElement?.textContent).toBe('Broneeri');
    expect(document.activeElement).toBe(holder!.querySelector('button'));

    // The slice renders the same page: the holder goes, its button's counterpart gets the focus.
    const area = document.createElement('div');
    outlet.appendChild(area);
    area.innerHTML =
      '<div data-remote="mf-public"><section data-prerender=""><h1>Haagis</h1><button>Broneeri</button><a href="#k">Küsimused</a></section></div>';
    await settle();
    expect(outlet.contains(holder)).toBe(false);
    expect(document.activeElement).toBe(area.querySelector('button'));
  });

  it('focuses the counterpart of a focused header link in the chrome React rendered', () => {
    const container = serverPage();
    const holder = findPrerenderedOutlet(document, '/public/detail-view/27');
    const focus = trackFocus(document);
    const serverChrome = Array.from(container.children);
    container.querySelector<HTMLElement>('header a')!.focus();
    const outlet = replaceChrome(container);
    const active = focus.last();
    focus.stop();
    holdUntilSliceRenders({ outlet, holder: holder!, doc: document, pathname: () => '/public/detail-view/27' });
    refocusAfterChrome(container, serverChrome, holder, active);
    expect(document.activeElement).toBe(container.querySelector('header a'));
  });

  it('focuses nothing when the visitor had left the element before the takeover', async () => {
    const container = serverPage();
    const holder = findPrerenderedOutlet(document, '/public/detail-view/27');
    const focus = trackFocus(document);
    const serverChrome = Array.from(container.children);
    const link = container.querySelector<HTMLElement>('header a')!;
    link.focus();
    link.blur();
    await settle();
    replaceChrome(container);
    refocusAfterChrome(container, serverChrome, holder, focus.last());
    focus.stop();
    expect(document.activeElement).toBe(document.body);
  });
});
