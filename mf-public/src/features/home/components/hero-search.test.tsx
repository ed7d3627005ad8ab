import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'shared-kernel/router';
import { renderWithPlatform } from 'shared-kernel/testing';
import { HeroSearch } from './hero-search';

function Where() {
  const l = useLocation();
  return <output data-testid="where">{l.pathname + l.search}</output>;
}

function setup() {
  renderWithPlatform(
    <Routes>
      <Route path="/public" element={<HeroSearch />} />
      <Route path="*" element={<Where />} />
    </Routes>,
    { route: '/public', session: null },
  );
}

describe('HeroSearch', () => {
  it('Enter goes to the search page with the query', async () => {
    setup();
    await userEvent.type(screen.getByRole('textbox', { name: 'Otsi tooteid' }), 'haagis{Enter}');
    expect(screen.getByTestId('where')).toHaveTextContent('/public/search-products?search=haagis');
  });

  it('the button does the same and encodes the text', async () => {
    setup();
    await userEvent.type(screen.getByRole('textbox', { name: 'Otsi tooteid' }), 'auto käru');
    await userEvent.click(screen.getByRole('button', { name: 'Otsi' }));
    expect(screen.getByTestId('where')).toHaveTextContent('/public/search-products?search=auto%20k%C3%A4ru');
  });

  it('an empty (or blank) search opens the search page without a query', async () => {
    setup();
    await userEvent.type(screen.getByRole('textbox', { name: 'Otsi tooteid' }), '   {Enter}');
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/public\/search-products$/);
  });
});
