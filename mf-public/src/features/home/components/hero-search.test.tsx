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

  /** Opens the period, whose fields load on demand, and answers once they are there. */
  async function openPeriod() {
    const toggle = screen.getByRole('button', { name: 'Vali rendiaeg' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    return screen.findByRole('combobox', { name: 'Rendin' });
  }
  const change = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
  /** Hour mode: the day and its hours, then 'Otsi'. */
  async function searchHours(mode: HTMLElement, day: string, from: string, to: string) {
    await userEvent.selectOptions(mode, 'tundide kaupa');
    change('Kuupäev', day);
    change('Kellast', from);
    change('Kellani', to);
    await userEvent.click(screen.getByRole('button', { name: 'Otsi' }));
  }

  it('loads no period fields until the renter opens them', () => {
    setup();
    expect(screen.queryByLabelText('Alates')).toBeNull();
    expect(screen.queryByRole('group', { name: 'Rendiaeg' })).toBeNull();
  });

  it('takes an optional period of days along as from and to', async () => {
    setup();
    await userEvent.type(screen.getByRole('textbox', { name: 'Otsi tooteid' }), 'haagis');
    await openPeriod();
    expect(screen.getByRole('group', { name: 'Rendiaeg' })).toBeInTheDocument();
    change('Alates', '2099-06-06');
    change('Kuni (kaasa arvatud)', '2099-06-07');
    await userEvent.click(screen.getByRole('button', { name: 'Otsi' }));
    expect(await screen.findByTestId('where')).toHaveTextContent('/public/search-products?search=haagis&from=2099-06-06&to=2099-06-07');
  });

  it('takes the hours of one day, as the search page does, for hourly products', async () => {
    setup();
    await userEvent.type(screen.getByRole('textbox', { name: 'Otsi tooteid' }), 'saun');
    await searchHours(await openPeriod(), '2099-06-06', '10:00', '14:00');
    expect(await screen.findByTestId('where')).toHaveTextContent(
      '/public/search-products?search=saun&from=2099-06-06T10%3A00&to=2099-06-06T14%3A00',
    );
  });

  it('searches without a period closed again after choosing one', async () => {
    setup();
    await openPeriod();
    change('Alates', '2099-06-06');
    change('Kuni (kaasa arvatud)', '2099-06-07');
    await userEvent.click(screen.getByRole('button', { name: 'Vali rendiaeg' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Otsi tooteid' }), 'haagis{Enter}');
    expect(await screen.findByTestId('where')).toHaveTextContent(/^\/public\/search-products\?search=haagis$/);
  });

  it('refuses half a period, one ending before it starts, or hours backwards, under the field, and stays', async () => {
    setup();
    const mode = await openPeriod();
    change('Alates', '2099-06-06');
    await userEvent.click(screen.getByRole('button', { name: 'Otsi' }));
    expect(await screen.findByTestId('error-toDay')).toHaveTextContent('Kohustuslik');
    change('Kuni (kaasa arvatud)', '2099-06-01');
    await userEvent.click(screen.getByRole('button', { name: 'Otsi' }));
    expect(await screen.findByTestId('error-toDay')).toHaveTextContent('Lõpp ei saa olla enne algust');
    await searchHours(mode, '2099-06-06', '14:00', '10:00');
    expect(await screen.findByTestId('error-toHour')).toHaveTextContent('Lõpp ei saa olla enne algust');
    expect(screen.queryByTestId('where')).not.toBeInTheDocument();
  });

  it('refuses a day in the past, in either mode', async () => {
    setup();
    const mode = await openPeriod();
    change('Alates', '2020-01-01');
    change('Kuni (kaasa arvatud)', '2020-01-02');
    await userEvent.click(screen.getByRole('button', { name: 'Otsi' }));
    expect(await screen.findByTestId('error-fromDay')).toHaveTextContent('Kuupäev ei saa olla minevikus');
    await searchHours(mode, '2020-01-01', '10:00', '12:00');
    expect(await screen.findByTestId('error-hourDay')).toHaveTextContent('Kuupäev ei saa olla minevikus');
    expect(screen.queryByTestId('where')).not.toBeInTheDocument();
  });
});
