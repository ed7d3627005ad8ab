import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from 'shared-kernel/api';
import { on } from 'shared-kernel/events';
import { Route, Routes, useLocation } from 'shared-kernel/router';
import { makeSearchResult, makeUser, mockApi, renderWithPlatform } from 'shared-kernel/testing';
import { ResultCard } from '../../features/search/components/result-card';
import { SaveProductButton } from './save-product-button';

const card = (id: number) => makeSearchResult({ id, title: `Haagis ${id}` });

function Where() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

function renderCards(session = makeUser({ id: 8 })) {
  return renderWithPlatform(
    <Routes>
      <Route
        path="*"
        element={
          <>
            <ResultCard item={card(3)} />
            <ResultCard item={card(4)} />
            <Where />
          </>
        }
      />
    </Routes>,
    { session, route: '/public/search-products?name=haagis' },
  );
}

const hearts = () => screen.getAllByTestId('save-product');

describe('the heart on search cards', () => {
  it('shows which products the user saved from one call, and saves another with a press', async () => {
    let saved = [3];
    const api = mockApi({
      'GET /users/me/saved-products/ids': () => saved,
      'PUT /users/me/saved-products/:productId': ({ params }) => {
        saved = [Number(params.productId), ...saved];
        return { ok: true };
      },
    });
    renderCards();
    // One name whatever the state: aria-pressed alone says it is saved.
    await screen.findByRole('button', { name: 'Salvesta: Haagis 3', pressed: true });
    const save = screen.getByRole('button', { name: 'Salvesta: Haagis 4', pressed: false });
    expect(api.requests('GET /users/me/saved-products/ids')).toHaveLength(1);

    await userEvent.click(save);
    await waitFor(() => expect(screen.getAllByRole('button', { name: /^Salvesta: /, pressed: true })).toHaveLength(2));
    expect(api.requests('PUT /users/me/saved-products/:productId').map((r) => r.params.productId)).toEqual(['4']);
    // The ids are asked again once the save settles: what the server holds is what shows.
    await waitFor(() => expect(api.requests('GET /users/me/saved-products/ids')).toHaveLength(2));
    expect(hearts().map((h) => h.getAttribute('aria-pressed'))).toEqual(['true', 'true']);
  });

  it('removes a saved product with a press', async () => {
    let saved = [3, 4];
    const api = mockApi({
      'GET /users/me/saved-products/ids': () => saved,
      'DELETE /users/me/saved-products/:productId': ({ params }) => {
        saved = saved.filter((id) => id !== Number(params.productId));
        return { ok: true };
      },
    });
    renderCards();
    const first = await screen.findByRole('button', { name: 'Salvesta: Haagis 3', pressed: true });
    await userEvent.click(first);
    await screen.findByRole('button', { name: 'Salvesta: Haagis 3', pressed: false });
    expect(api.requests('DELETE /users/me/saved-products/:productId').map((r) => r.params.productId)).toEqual(['3']);
  });

  it("shows the server's refusal (the cap) and leaves the heart as the server has it", async () => {
    const notices: string[] = [];
    const off = on('notice', (n) => notices.push(n.message));
    const refusal = 'Salvestada saab kuni 500 toodet. Eemalda mõni salvestatud toode ja proovi uuesti.';
    mockApi({
      'GET /users/me/saved-products/ids': () => [],
      'PUT /users/me/saved-products/:productId': () => {
        throw new ApiError({ status: 409, code: 'TOO_MANY_SAVED', message: refusal });
      },
    });
    renderCards();
    await waitFor(() => expect(hearts()[0]).toBeEnabled());
    await userEvent.click(hearts()[0]);
    await waitFor(() => expect(notices).toEqual([refusal]));
    await waitFor(() => expect(hearts()[0]).toHaveAttribute('aria-pressed', 'false'));
    off();
  });

  it('turns the heart back and sends the visitor to sign in with the save asked for when the session ended (401)', async () => {
    const notices: string[] = [];
    const off = on('notice', (n) => notices.push(n.message));
    const expired = () => {
      throw new ApiError({ status: 401, code: 'UNAUTHORIZED', message: 'Palun logi sisse' });
    };
    let idsCalls = 0;
    mockApi({
      'GET /users/me/saved-products/ids': () => (++idsCalls === 1 ? [] : expired()),
      'PUT /users/me/saved-products/:productId': expired,
    });
    renderCards();
    await waitFor(() => expect(hearts()[1]).toBeEnabled());
    await userEvent.click(hearts()[1]);
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(
        `/public/login?goto=${encodeURIComponent('/public/search-products?name=haagis&save=4')}`,
      ),
    );
    expect(hearts().map((h) => h.getAttribute('aria-pressed'))).toEqual(['false', 'false']);
    expect(sessionStorage.getItem('rendime.saveIntent')).toBe('4');
    expect(notices).toEqual([]);
    off();
    sessionStorage.clear();
  });

  it('turns the heart back when saving fails and the ids cannot be read again either', async () => {
    const notices: string[] = [];
    const off = on('notice', (n) => notices.push(n.message));
    let idsCalls = 0;
    mockApi({
      'GET /users/me/saved-products/ids': () => {
        if (++idsCalls === 1) return [];
        throw new ApiError({ status: 503, code: 'UNAVAILABLE', message: 'Teenus pole saadaval' });
      },
      'PUT /users/me/saved-products/:productId': () => {
        throw new ApiError({ status: 503, code: 'UNAVAILABLE', message: 'Teenus pole saadaval' });
      },
    });
    renderCards();
    await waitFor(() => expect(hearts()[0]).toBeEnabled());
    await userEvent.click(hearts()[0]);
    await waitFor(() => expect(notices).toEqual(['Salvestamine ebaõnnestus']));
    await waitFor(() => expect(idsCalls).toBe(2));
    expect(hearts()[0]).toHaveAttribute('aria-pressed', 'false');
    off();
  });

  it('sends a signed-out visitor to sign in, back to the same search with the save asked for, without calling the API', async () => {
    const api = mockApi({});
    renderCards(null as never);
    await userEvent.click(hearts()[1]);
    expect(screen.getByTestId('location')).toHaveTextContent(
      `/public/login?goto=${encodeURIComponent('/public/search-products?name=haagis&save=4')}`,
    );
    expect(api.get).not.toHaveBeenCalled();
    expect(api.put).not.toHaveBeenCalled();
  });
});

function renderProductHeart(route: string, session: ReturnType<typeof makeUser> | null = makeUser({ id: 8 })) {
  return renderWithPlatform(
    <Routes>
      <Route
        path="*"
        element={
          <>
            <SaveProductButton productId={12} productName="Haagis 12" withLabel />
            <Where />
          </>
        }
      />
    </Routes>,
    { session: session as never, route },
  );
}

describe('the heart on the product page', () => {
  afterEach(() => sessionStorage.clear());

  it('keeps its name and says the state with aria-pressed alone', async () => {
    mockApi({ 'GET /users/me/saved-products/ids': () => [12] });
    renderProductHeart('/public/detail-view/12');
    const button = await screen.findByRole('button', { name: 'Salvesta: Haagis 12', pressed: true });
    expect(button).toHaveTextContent('Salvesta');
    expect(screen.queryByRole('button', { name: /Eemalda/ })).toBeNull();
  });

  it('saves after signing in what was asked for while signed out, once, and leaves the URL clean', async () => {
    // Signed out: the press goes to sign in with the intent in the return URL.
    mockApi({});
    const signedOut = renderProductHeart('/public/detail-view/12?from=2026-12-01&to=2026-12-02', null);
    await userEvent.click(screen.getByRole('button', { name: 'Salvesta: Haagis 12' }));
    const goto = new URLSearchParams(screen.getByTestId('location').textContent!.split('?')[1]).get('goto');
    expect(goto).toBe('/public/detail-view/12?from=2026-12-01&to=2026-12-02&save=12');
    signedOut.unmount();

    // Back from signing in: the save is the PUT, done once, and the intent leaves the URL.
    let saved: number[] = [];
    const api = mockApi({
      'GET /users/me/saved-products/ids': () => saved,
      'PUT /users/me/saved-products/:productId': ({ params }) => {
        saved = [Number(params.productId)];
        return { ok: true };
      },
    });
    renderProductHeart(goto!);
    await screen.findByRole('button', { name: 'Salvesta: Haagis 12', pressed: true });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/public/detail-view/12?from=2026-12-01&to=2026-12-02'));
    await waitFor(() => expect(api.requests('GET /users/me/saved-products/ids')).toHaveLength(2));
    expect(api.requests('PUT /users/me/saved-products/:productId').map((r) => r.params.productId)).toEqual(['12']);
  });

  it('saves nothing for a link that carries the intent but was not pressed in this tab, or names another product', async () => {
    const api = mockApi({ 'GET /users/me/saved-products/ids': () => [] });
    renderProductHeart('/public/detail-view/12?save=12');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/public\/detail-view\/12$/));
    sessionStorage.setItem('rendime.saveIntent', '13');
    renderProductHeart('/public/detail-view/12?save=13');
    await screen.findAllByRole('button', { name: 'Salvesta: Haagis 12', pressed: false });
    expect(api.put).not.toHaveBeenCalled();
  });

  it('does nothing with the intent while still signed out', async () => {
    const api = mockApi({});
    sessionStorage.setItem('rendime.saveIntent', '12');
    renderProductHeart('/public/detail-view/12?save=12', null);
    expect(screen.getByTestId('location')).toHaveTextContent('/public/detail-view/12?save=12');
    expect(api.put).not.toHaveBeenCalled();
    expect(sessionStorage.getItem('rendime.saveIntent')).toBe('12');
  });
});
