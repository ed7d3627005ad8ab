import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link } from 'shared-kernel/router';
import { renderWithPlatform } from 'shared-kernel/testing';
import { messages } from 'shared-kernel/messages';
import { SliceRoutes } from './routes';

// Titles only: every page is a stub, so no page loads data here.
// A function declaration is hoisted with the jest.mock calls; a const would not be initialised yet.
function mockPage(name: string) {
  return function Page() {
    return <p>{name}</p>;
  };
}
jest.mock('./features/home/components/home-page', () => ({ HomePage: mockPage('home') }));
jest.mock('./features/login/components/login-page', () => ({ LoginPage: mockPage('login') }));
jest.mock('./features/search/components/search-page', () => ({ SearchPage: mockPage('search') }));
jest.mock('./features/product/components/product-page', () => ({ ProductPage: mockPage('product') }));
jest.mock('./features/signup/components/signup-page', () => ({ SignupPage: mockPage('signup') }));
jest.mock('./features/password/components/forgot-password-page', () => ({ ForgotPasswordPage: mockPage('forgot') }));
jest.mock('./features/password/components/change-password-page', () => ({ ChangePasswordPage: mockPage('change') }));
jest.mock('./features/contact/components/contact-page', () => ({ ContactPage: mockPage('contact') }));
jest.mock('./features/customer-products/components/customer-products-page', () => ({ CustomerProductsPage: mockPage('customer') }));
jest.mock('./features/static-pages/components/terms-page', () => ({ TermsPage: mockPage('terms'), PrivacyPage: mockPage('privacy') }));
jest.mock('./features/static-pages/components/faq-page', () => ({ FaqPage: mockPage('faq') }));
jest.mock('./features/static-pages/components/products-page', () => ({ ProductsPage: mockPage('products') }));
jest.mock('./features/static-pages/components/placeholder-page', () => ({
  DeletedPage: mockPage('deleted'),
  PlaceholderPage: mockPage('placeholder'),
}));
jest.mock('./features/category-shortcuts/components/category-shortcut', () => ({ CategoryShortcut: mockPage('shortcut') }));

async function titleAt(route: string): Promise<string> {
  // What the shell's HTML names the tab before any page claims a title.
  document.title = messages.shell.defaultTitle;
  const view = renderWithPlatform(<SliceRoutes />, { route, session: null });
  await act(async () => {});
  const title = document.title;
  view.unmount();
  return title;
}

const EXPECTED: [string, string][] = [
  ['/public', 'Rendime – rendi ja anna rendile'],
  ['/public/login', 'Logi sisse | Rendime'],
  ['/public/signup', 'Registreeru | Rendime'],
  ['/public/forgot-password', 'Unustasid parooli? | Rendime'],
  ['/public/change-password', 'Uus parool | Rendime'],
  ['/public/contact-us', 'Võta meiega ühendust | Rendime'],
  ['/public/customer-products/3', 'Kasutaja tooted | Rendime'],
  ['/public/deleted', 'Toode ei ole saadaval | Rendime'],
  ['/public/kkk', 'Korduma kippuvad küsimused | Rendime'],
  ['/public/tooted', 'Tooted | Rendime'],
  ['/public/usage', 'Kasutustingimused | Rendime'],
  ['/public/privacy', 'Privaatsuspoliitika | Rendime'],
  ['/public/about-us', 'Meist | Rendime'],
  ['/public/blog', 'Blogi | Rendime'],
  ['/public/search-products', 'Toote otsing | Rendime'],
  ['/public/detail-view/12', 'Toode | Rendime'],
  ['/public/raasilla', 'Rääsilla kardisõit | Rendime'],
];

describe('browser tab titles', () => {
  it.each(EXPECTED)('%s is titled %s', async (route, title) => {
    expect(await titleAt(route)).toBe(title);
  });

  it('no two pages share a title (the front page and search differ)', () => {
    const titles = EXPECTED.map(([, title]) => title);
    expect(new Set(titles).size).toBe(titles.length);
  });

  it("going back to the front page from another page gives the tab the site title again, not the last page's", async () => {
    document.title = messages.shell.defaultTitle;
    const view = renderWithPlatform(
      <>
        <Link to="/public">avalehele</Link>
        <SliceRoutes />
      </>,
      { route: '/public/login', session: null },
    );
    await act(async () => {});
    expect(document.title).toBe('Logi sisse | Rendime');
    await userEvent.click(screen.getByRole('link', { name: 'avalehele' }));
    await act(async () => {});
    expect(document.title).toBe('Rendime – rendi ja anna rendile');
    view.unmount();
  });

  it('the front page alias and the category shortcuts reuse their target titles', async () => {
    expect(await titleAt('/public/avaleht')).toBe('Rendime – rendi ja anna rendile');
    expect(await titleAt('/otsing/haagised/rent')).toBe('Toote otsing | Rendime');
  });
});
