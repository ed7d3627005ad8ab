import { holdUntilSliceRenders, PRERENDER_CSS_ID, restorePrerenderedFocus, takePrerenderedOutlet } from './adopt-prerender';

/** The page as the shell's server sends it with a snapshot of /public in it. */
function prerenderedPage(path = '/public') {
  document.head.innerHTML = `<style id="${PRERENDER_CSS_ID}">.hero{color:white}</style>`;
  document.body.innerHTML = `<div id="shell-root"><header>Rendime</header><main><div><div data-prerender-outlet="${path}"><div><section data-prerender=""><h1>Rendi kõike</h1><form><input name="search" value=""></form></section></div></div></div></main></div>`;
}

/** Lets the MutationObserver's callbacks run (they are microtasks). */
const settle = () => new Promise((r) => setTimeout(r, 0));

function sliceArea(outlet: HTMLElement) {
  const area = document.createElement('div');
  area.dataset.remoteArea = 'mf-public';
  outlet.appendChild(area);
  return area;
}

describe('a prerendered page taken over by the shell', () => {
  afterEach(() => {
    jest.useRealTimers();
  });

  it('keeps the prerendered hero in the outlet while the slice shows only its loader, and swaps it for the slice hero', async () => {
    prerenderedPage();
    const holder = takePrerenderedOutlet(document, '/public');
    expect(holder).not.toBeNull();
    const outlet = document.createElement('div');
    document.body.appendChild(outlet);
    holdUntilSliceRenders({ outlet, holder: holder!, doc: document, pathname: () => '/public' });
    expect(outlet.querySelector('h1')?.textContent).toBe('Rendi kõike');

    const area = sliceArea(outlet);
    area.innerHTML = '<div role="status">Laadin</div>';
    await settle();
    expect(outlet.contains(holder)).toBe(true);

    // The visitor typed before JS ran; the slice's own field gets it.
    holder!.querySelector('input')!.value = 'haagis';
    area.innerHTML = '<section data-prerender=""><h1>Rendi kõike</h1><form><input name="search" value=""></form></section>';
    await settle();
    expect(outlet.contains(holder)).toBe(false);
    expect(outlet.querySelectorAll('h1')).toHaveLength(1);
    expect(area.querySelector('input')!.value).toBe('haagis');
    expect(document.getElementById(PRERENDER_CSS_ID)).toBeNull();
  });

  it('drops the snapshot when the shell shows a remote fallback instead of the slice', async () => {
    prerenderedPage();
    const holder = takePrerenderedOutlet(document, '/public')!;
    const outlet = document.createElement('div');
    holdUntilSliceRenders({ outlet, holder, doc: document, pathname: () => '/public' });
    sliceArea(outlet).innerHTML = '<div data-testid="remote-fallback">Ei saa laadida</div>';
    await settle();
    expect(outlet.contains(holder)).toBe(false);
  });

  it('drops the snapshot when the visitor navigates to another page before the slice renders', () => {
    prerenderedPage();
    const holder = takePrerenderedOutlet(document, '/public')!;
    const outlet = document.createElement('div');
    let path = '/public';
    holdUntilSliceRenders({ outlet, holder, doc: document, pathname: () => path });
    path = '/public/search-products';
    window.dispatchEvent(new Event('single-spa:routing-event'));
    expect(outlet.contains(holder)).toBe(false);
    expect(document.getElementById(PRERENDER_CSS_ID)).toBeNull();
  });

  it('lets go of the snapshot a while after a slice mounted a page without the mark', async () => {
    jest.useFakeTimers();
    prerenderedPage();
    const holder = takePrerenderedOutlet(document, '/public')!;
    const outlet = document.createElement('div');
    holdUntilSliceRenders({ outlet, holder, doc: document, pathname: () => '/public', giveUpMs: 1000 });
    sliceArea(outlet).innerHTML = '<h1>Teine avaleht</h1>';
    await Promise.resolve();
    expect(outlet.contains(holder)).toBe(true);
    jest.advanceTimersByTime(1000);
    expect(outlet.contains(holder)).toBe(false);
  });

  it('uses no snapshot rendered for another page', () => {
    prerenderedPage('/public');
    expect(takePrerenderedOutlet(document, '/public/login')).toBeNull();
    expect(document.querySelector('[data-prerender-outlet]')).toBeNull();
    expect(document.getElementById(PRERENDER_CSS_ID)).toBeNull();
  });

  it('finds nothing on a page served without a snapshot', () => {
    document.head.innerHTML = '';
    document.body.innerHTML = '<div id="shell-root"><div id="shell-boot"></div></div>';
    expect(takePrerenderedOutlet(document, '/public')).toBeNull();
  });
});

describe('a visitor typing into the snapshot as the shell takes over', () => {
  /** The snapshot's box focused, with text typed and the caret at `caret`. */
  function typedIntoSnapshot(text: string, caret: number): HTMLInputElement {
    prerenderedPage();
    const typed = document.querySelector<HTMLInputElement>('[data-prerender-outlet] input')!;
    typed.focus();
    typed.value = text;
    typed.setSelectionRange(caret, caret);
    return typed;
  }

  it('keeps the focus and the caret in the box through the takeover and into the slice own box', async () => {
    const typed = typedIntoSnapshot('haagis', 3);
    const holder = takePrerenderedOutlet(document, '/public')!;
    // Taking the holder out of the page took the focus with it, as in a browser.
    expect(document.activeElement).not.toBe(typed);
    const outlet = document.createElement('div');
    holdUntilSliceRenders({ outlet, holder, doc: document, pathname: () => '/public' });
    document.body.appendChild(outlet);
    restorePrerenderedFocus(document, holder);
    expect(document.activeElement).toBe(typed);
    expect([typed.selectionStart, typed.selectionEnd]).toEqual([3, 3]);

    sliceArea(outlet).innerHTML = '<section data-prerender=""><form><input name="search" value=""></form></section>';
    await settle();
    const own = outlet.querySelector<HTMLInputElement>('[data-remote-area] input')!;
    expect(own.value).toBe('haagis');
    expect(document.activeElement).toBe(own);
    expect([own.selectionStart, own.selectionEnd]).toEqual([3, 3]);
  });

  it('gives the slice own box the focus at once when the slice had rendered before the chrome took over', () => {
    typedIntoSnapshot('haagis', 2);
    const holder = takePrerenderedOutlet(document, '/public')!;
    const outlet = document.createElement('div');
    document.body.appendChild(outlet);
    sliceArea(outlet).innerHTML = '<section data-prerender=""><form><input name="search" value=""></form></section>';
    holdUntilSliceRenders({ outlet, holder, doc: document, pathname: () => '/public' });
    restorePrerenderedFocus(document, holder);
    const own = outlet.querySelector<HTMLInputElement>('[data-remote-area] input')!;
    expect(outlet.contains(holder)).toBe(false);
    expect(own.value).toBe('haagis');
    expect(document.activeElement).toBe(own);
    expect([own.selectionStart, own.selectionEnd]).toEqual([2, 2]);
  });

  it("carries an edit of a box the server filled (a search page's text from its URL), not the server's text", async () => {
    document.body.innerHTML = `<div id="shell-root"><div data-prerender-outlet="/public/search-products"><section data-prerender=""><input name="search" value="haagis"><input name="place" value="Tartu"></section></div></div>`;
    const edited = document.querySelector<HTMLInputElement>('input[name="search"]')!;
    edited.value = 'haagis 750';
    const holder = takePrerenderedOutlet(document, '/public/search-products')!;
    const outlet = document.createElement('div');
    document.body.appendChild(outlet);
    holdUntilSliceRenders({ outlet, holder, doc: document, pathname: () => '/public/search-products' });
    sliceArea(outlet).innerHTML =
      '<section data-prerender=""><input name="search" value="haagis"><input name="place" value="Tartu, Eesti"></section>';
    await settle();
    expect(outlet.querySelector<HTMLInputElement>('[data-remote-area] input[name="search"]')!.value).toBe('haagis 750');
    // Untouched, the slice's own value stands.
    expect(outlet.querySelector<HTMLInputElement>('[data-remote-area] input[name="place"]')!.value).toBe('Tartu, Eesti');
  });

  it('leaves the focus alone when the visitor was not in the snapshot or moved elsewhere meanwhile', () => {
    prerenderedPage();
    const typed = document.querySelector<HTMLInputElement>('[data-prerender-outlet] input')!;
    typed.focus();
    const holder = takePrerenderedOutlet(document, '/public')!;
    const outlet = document.createElement('div');
    holdUntilSliceRenders({ outlet, holder, doc: document, pathname: () => '/public' });
    document.body.appendChild(outlet);
    const elsewhere = document.createElement('button');
    document.body.appendChild(elsewhere);
    elsewhere.focus();
    restorePrerenderedFocus(document, holder);
    expect(document.activeElement).toBe(elsewhere);
  });
});

describe('what a slice renders before its hero', () => {
  it('stays invisible and out of the flow until the swap, then takes the snapshot place', async () => {
    prerenderedPage();
    const holder = takePrerenderedOutlet(document, '/public')!;
    const outlet = document.createElement('div');
    holdUntilSliceRenders({ outlet, holder, doc: document, pathname: () => '/public' });
    const area = sliceArea(outlet);
    area.innerHTML = '<div role="status">Laadin</div>';
    await settle();
    expect(area.style.visibility).toBe('hidden');
    expect(area.style.position).toBe('absolute');
    area.innerHTML = '<section data-prerender=""><h1>Rendi kõike</h1></section>';
    await settle();
    expect(area.style.visibility).toBe('');
    expect(area.style.position).toBe('');
    expect(outlet.style.position).toBe('');
  });
});
