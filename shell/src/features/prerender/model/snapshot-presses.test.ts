import { holdUntilSliceRenders, takePrerenderedOutlet } from './adopt-prerender';
import { recordSnapshotPresses } from './snapshot-presses';

/** The front page as the shell's server sends it: a snapshot whose period button has no handler. */
function prerenderedPage() {
  document.body.innerHTML =
    '<div id="shell-root"><header><button type="button" aria-expanded="false">Menüü</button></header><main>' +
    '<div data-prerender-outlet="/public"><section data-prerender=""><form role="search"><input name="search">' +
    '<button type="button" aria-expanded="false">Vali rendiaeg</button><button type="button">Liitu tasuta</button>' +
    '</form></section></div></main></div>';
}

const periodButton = () => Array.from(document.querySelectorAll('button')).find((b) => b.textContent === 'Vali rendiaeg')!;

const settle = () => new Promise((r) => setTimeout(r, 0));

/** The slice's own hero, whose period button records what it is asked to do. */
function renderSliceHero(outlet: HTMLElement, pressed: string[]) {
  const area = document.createElement('div');
  area.innerHTML =
    '<section data-prerender=""><form role="search"><input name="search">' +
    '<button type="button" aria-expanded="false">Otsi ajavahemikku</button>' +
    '<button type="button" aria-expanded="false">Vali rendiaeg</button><button type="button" aria-expanded="false">Menüü</button>' +
    '<button type="button" aria-expanded="false">Liitu tasuta</button></form></section>';
  for (const button of Array.from(area.querySelectorAll('button')))
    button.addEventListener('click', () => pressed.push(button.textContent ?? ''));
  outlet.appendChild(area);
}

async function takeOver(beforeTakeover: () => void): Promise<string[]> {
  prerenderedPage();
  beforeTakeover();
  const holder = takePrerenderedOutlet(document, '/public')!;
  const outlet = document.createElement('div');
  document.body.appendChild(outlet);
  holdUntilSliceRenders({ outlet, holder, doc: document, pathname: () => '/public' });
  const pressed: string[] = [];
  renderSliceHero(outlet, pressed);
  await settle();
  return pressed;
}

describe("presses on the server's snapshot before the takeover", () => {
  beforeAll(() => recordSnapshotPresses(document));

  it("presses the slice's button of the same text once the slice has taken over", async () => {
    const pressed = await takeOver(() => periodButton().click());
    expect(pressed).toEqual(['Vali rendiaeg']);
  });

  it('presses nothing when the visitor pressed it twice (opened and closed) or not at all', async () => {
    expect(await takeOver(() => {})).toEqual([]);
    const twice = await takeOver(() => {
      periodButton().click();
      periodButton().click();
    });
    expect(twice).toEqual([]);
  });

  it('leaves buttons outside the snapshot and other buttons alone', async () => {
    const pressed = await takeOver(() => {
      for (const button of Array.from(document.querySelectorAll('button'))) if (button.textContent !== 'Vali rendiaeg') button.click();
    });
    expect(pressed).toEqual([]);
  });
});
