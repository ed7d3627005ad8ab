import { render, screen } from '@testing-library/react';
import { useLayoutEffect } from 'react';
import { BrowserRouter, Navigate, Route, Routes, useLocation } from 'shared-kernel/router';

/** A click elsewhere on the page moving the address after the router read it, before it listens. */
function AddressMovesBeforeTheRouterListens({ to, state = null }: { to: string; state?: unknown }) {
  // A child's layout effect runs before its parent's: the router's listener is not in place yet.
  useLayoutEffect(() => window.history.pushState(state, '', to), [to, state]);
  return null;
}

function Page({ name }: { name: string }) {
  const { state } = useLocation();
  return <h1 data-state={JSON.stringify(state)}>{name}</h1>;
}

function renderRouter(move?: { to: string; state?: unknown }) {
  return render(
    <BrowserRouter>
      {move && <AddressMovesBeforeTheRouterListens {...move} />}
      <Routes>
        <Route path="/public" element={<Page name="Avaleht" />} />
        <Route path="/public/search" element={<Page name="Otsing" />} />
        <Route path="/public/login" element={<Page name="Sisselogimine" />} />
        <Route path="/public/old" element={<Navigate to="/public/search" replace />} />
      </Routes>
    </BrowserRouter>,
  );
}

/** History moves to an address (the history library's own idx stamp on start passes none). */
function moves(spy: jest.SpyInstance) {
  return spy.mock.calls.filter(([, , url]) => url !== undefined).map(([, , url]) => String(url));
}

describe('BrowserRouter', () => {
  beforeEach(() => window.history.replaceState(null, '', '/public'));
  afterEach(() => jest.restoreAllMocks());

  it('shows the route of an address that changed before it listened', async () => {
    renderRouter({ to: '/public/search?q=haagis' });
    expect(await screen.findByRole('heading', { name: 'Otsing' })).toBeInTheDocument();
    expect(window.location.pathname + window.location.search).toBe('/public/search?q=haagis');
  });

  it('keeps the history entry count when it catches up', async () => {
    const before = window.history.length;
    renderRouter({ to: '/public/login' });
    expect(await screen.findByRole('heading', { name: 'Sisselogimine' })).toBeInTheDocument();
    // The one entry is the visitor's own move; catching up replaces, it does not add one.
    expect(window.history.length).toBe(before + 1);
  });

  it("keeps the moved entry's state when it catches up", async () => {
    renderRouter({ to: '/public/login', state: { usr: { from: '/public/search' }, key: 'k1', idx: 1 } });
    const heading = await screen.findByRole('heading', { name: 'Sisselogimine' });
    expect(JSON.parse(heading.dataset.state ?? 'null')).toEqual({ from: '/public/search' });
  });

  it('leaves the history alone when the address did not move', async () => {
    const replace = jest.spyOn(window.history, 'replaceState');
    const push = jest.spyOn(window.history, 'pushState');
    renderRouter();
    expect(await screen.findByRole('heading', { name: 'Avaleht' })).toBeInTheDocument();
    expect(moves(replace)).toEqual([]);
    expect(moves(push)).toEqual([]);
  });

  it("does not repeat a route's own redirect of the first render", async () => {
    window.history.replaceState(null, '', '/public/old');
    const replace = jest.spyOn(window.history, 'replaceState');
    renderRouter();
    expect(await screen.findByRole('heading', { name: 'Otsing' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/public/search');
    expect(moves(replace)).toEqual(['/public/search']);
  });
});
