import { fireEvent, screen } from '@testing-library/react';
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
    expect(await screen.findByTestId('where')).toHaveTextContent('/public/search-products?search=haagis');
  });

  it('the button does the same and encodes the text', async () => {
    setup();
    await userEvent.type(screen.getByRole('textbox', { name: 'Otsi tooteid' }), 'auto käru');
    await userEvent.click(screen.getByRole('button', { name: 'Otsi' }));
    expect(await screen.findByTestId('where')).toHaveTextContent('/public/search-products?search=auto%20k%C3%A4ru');
  });

  it('an empty (or blank) search opens the search page without a query', async () => {
    setup();
    await userEvent.type(screen.getByRole('textbox', { name: 'Otsi tooteid' }), '   {Enter}');
    expect(await screen.findByTestId('where')).toHaveTextContent(/^\/public\/search-products$/);
  });

  it('takes an optional period of days along as from and to', async () => {
    setup();
    await userEvent.type(screen.getByRole('textbox', { name: 'Otsi tooteid' }), 'haagis');
    fireEvent.change(screen.getByLabelText('Alates'), { target: { value: '2099-06-06' } });
    fireEvent.change(screen.getByLabelText('Kuni'), { target: { value: '2099-06-07' } });
    await userEvent.click(screen.getByRole('button', { name: 'Otsi' }));
    expect(await screen.findByTestId('where')).toHaveTextContent('/public/search-products?search=haagis&from=2099-06-06&to=2099-06-07');
  });

  it('refuses half a period or one ending before it starts, under the field, and stays', async () => {
    setup();
    fireEvent.change(screen.getByLabelText('Alates'), { target: { value: '2099-06-06' } });
    await userEvent.click(screen.getByRole('button', { name: 'Otsi' }));
    expect(await screen.findByTestId('error-hero-to')).toHaveTextContent('Vali ka teine kuupäev');
    fireEvent.change(screen.getByLabelText('Kuni'), { target: { value: '2099-06-01' } });
    await userEvent.click(screen.getByRole('button', { name: 'Otsi' }));
    expect(await screen.findByTestId('error-hero-to')).toHaveTextContent('Lõpp ei saa olla enne algust');
    expect(screen.queryByTestId('where')).not.toBeInTheDocument();
  });

  it('refuses a day in the past', async () => {
    setup();
    fireEvent.change(screen.getByLabelText('Alates'), { target: { value: '2020-01-01' } });
    fireEvent.change(screen.getByLabelText('Kuni'), { target: { value: '2020-01-02' } });
    await userEvent.click(screen.getByRole('button', { name: 'Otsi' }));
    expect(await screen.findByTestId('error-hero-from')).toHaveTextContent('Kuupäev ei saa olla minevikus');
  });
});
