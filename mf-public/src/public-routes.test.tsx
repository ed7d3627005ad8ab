import { screen } from '@testing-library/react';
import { Routes } from 'shared-kernel/router';
import { renderWithPlatform } from 'shared-kernel/testing';
import { publicSiteRoutes } from './public-routes';

const TERMS_SECTIONS = [
  'Küpsised',
  'Üldsätted',
  'Platvorm',
  'Konto',
  'Kuulutused',
  'Rendileping',
  'Kasutamine',
  'Tagastamine',
  'Teenustasu',
  'Tagasiside',
  'Platvormi haldamine',
  'Omandiõigus',
  'Isikuandmed',
  'Vastutus',
  'Muud sätted',
];

function at(route: string) {
  renderWithPlatform(<Routes>{publicSiteRoutes()}</Routes>, { route, session: null });
}

describe('public-site routes', () => {
  it('the terms page has every section the spec names, with the spec facts', async () => {
    at('/public/usage');
    for (const title of TERMS_SECTIONS) expect(await screen.findByRole('heading', { name: title, level: 2 })).toBeInTheDocument();
    const text = screen.getByTestId('terms-page').textContent ?? '';
    for (const fact of [
      '18-aastased',
      'ei ole rendilepingu pool',
      'litsentseeritud makseasutuse',
      'makseviivituste',
      'üks nädal',
      'enne esialgse perioodi lõppu',
      '0% päevasest',
      '10%',
      'kahekordset',
      '7 päeva',
      'kolm tööpäeva',
      '500 eurot',
      '2000 eurot',
      '2 aastat',
      '7 aastat',
      '10 aastat',
      '24 tundi',
    ]) {
      expect(text).toContain(fact);
    }
  });

  it.each(['/public/about-us', '/public/blog', '/public/directory', '/public/insurance', '/public/owner-info', '/public/rent-info'])(
    '%s shows only the works text',
    async (route) => {
      at(route);
      expect(await screen.findByTestId('works')).toHaveTextContent('Töös');
    },
  );

  it('the deleted view shows the maintenance banner', async () => {
    at('/public/deleted');
    expect(await screen.findByTestId('maintenance-banner')).toHaveTextContent('Hetkel ei saa rentida, toode on hoolduses.');
  });

  it('the products page has its two actions and six quick links', async () => {
    at('/public/tooted');
    expect(await screen.findByRole('link', { name: 'Leidsin vastuse' })).toHaveAttribute('href', '/public');
    expect(screen.getByRole('link', { name: 'Jäta teade' })).toHaveAttribute('href', '/public/contact-us');
    const quick = screen.getByRole('navigation', { name: 'Kiirlingid' }).querySelectorAll('a');
    expect(quick).toHaveLength(6);
    expect(screen.getAllByRole('button', { name: /Rasketehnika|Sõidukid|Saunad|Haagised|Tööriistad|Pesurid/ })).toHaveLength(6);
  });
});
