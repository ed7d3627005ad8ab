import { render, screen } from '@testing-library/react';
import { useLayoutEffect } from 'react';
import { BrowserRouter, Route, Routes } from 'shared-kernel/router';

/** A click elsewhere on the page moving the address after the router read it, before it listens. */
function AddressMovesBeforeTheRouterListens({ to }: { to: string }) {
  // A child's layout effect runs before its parent's: the router's listener is not in place yet.
  useLayoutEffect(() => window.history.pushState(null, '', to), [to]);
  return null;
}

function Page({ name }: { name: string }) {
  return <h1>{name}</h1>;
}

describe('BrowserRouter', () => {
  beforeEach(() => window.history.replaceState(null, '', '/public'));

  it('shows the route of an address that changed before it listened', async () => {
    render(
      <BrowserRouter>
        <AddressMovesBeforeTheRouterListens to="/public/search?q=haagis" />
        <Routes>
          <Route path="/public" element={<Page name="Avaleht" />} />
          <Route path="/public/search" element={<Page name="Otsing" />} />
        </Routes>
      </BrowserRouter>,
    );
    expect(await screen.findByRole('heading', { name: 'Otsing' })).toBeInTheDocument();
    expect(window.location.pathname + window.location.search).toBe('/public/search?q=haagis');
  });

  it('keeps the history entry count when it catches up', async () => {
    const before = window.history.length;
    render(
      <BrowserRouter>
        <AddressMovesBeforeTheRouterListens to="/public/login" />
        <Routes>
          <Route path="/public" element={<Page name="Avaleht" />} />
          <Route path="/public/login" element={<Page name="Sisselogimine" />} />
        </Routes>
      </BrowserRouter>,
    );
    expect(await screen.findByRole('heading', { name: 'Sisselogimine' })).toBeInTheDocument();
    // The one entry is the visitor's own move; catching up replaces, it does not add one.
    expect(window.history.length).toBe(before + 1);
  });
});
