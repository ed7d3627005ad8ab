import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeUser, mockApi, renderWithPlatform } from 'shared-kernel/testing';
import { makeOwnerProduct } from '../../../testing/owner-fixtures';
import { MyProductsPage } from './my-products-page';

const business = makeUser({ id: 3, type: 'B2B', isB2b: true, name: 'Rendiäri OÜ', lastName: null });
const person = makeUser({ id: 2 });
const CATEGORIES = [
  { id: 1, name: 'Haagised', parentCategoryId: null },
  { id: 17, name: 'Kastihaagis', parentCategoryId: 1 },
  { id: 55, name: 'Rasketehnika', parentCategoryId: null },
  { id: 57, name: 'Ekskavaator', parentCategoryId: 55 },
  { id: 4, name: 'Tööriistad', parentCategoryId: null },
];

function api() {
  return mockApi({
    'GET /products/my-products': () => [
      makeOwnerProduct({ id: 1, categoryId: 17 }),
      makeOwnerProduct({ id: 2, categoryId: 57 }),
      makeOwnerProduct({ id: 3, categoryId: 4, active: false, deleted: true }),
    ],
    'GET /category': () => CATEGORIES,
  });
}

const snippetBox = () => screen.getByTestId('owner-widget-snippet');
const origin = () => window.location.origin;

describe('the owner widget snippet on my products', () => {
  it('gives a business owner the snippet; layout, count and category change it, and Kopeeri copies it', async () => {
    const u = userEvent.setup();
    api();
    renderWithPlatform(<MyProductsPage />, { session: business, route: '/auth/my-products' });
    const section = await screen.findByRole('region', { name: 'Toodete vidin sinu kodulehele' });
    expect(snippetBox()).toHaveValue(
      `<div data-rendime-owner="3" data-layout="grid" data-limit="6"></div>\n<script async src="${origin()}/widget/loader.js"></script>`,
    );

    await u.selectOptions(within(section).getByLabelText('Kujundus'), 'Nimekiri');
    const limit = within(section).getByLabelText('Toodete arv (1–24)');
    await u.clear(limit);
    await u.type(limit, '3');
    // Only the categories the owner has active products in, labelled as the product page does.
    const category = within(section).getByLabelText('Kategooria');
    expect(
      within(category)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Kõik kategooriad', 'Haagised - Kastihaagis', 'Rasketehnika - Ekskavaator']);
    await u.selectOptions(category, 'Rasketehnika - Ekskavaator');
    const expected = `<div data-rendime-owner="3" data-layout="list" data-limit="3" data-category="57"></div>\n<script async src="${origin()}/widget/loader.js"></script>`;
    expect(snippetBox()).toHaveValue(expected);

    await u.click(within(section).getByRole('button', { name: 'Kopeeri' }));
    expect(await within(section).findByText('Kopeeritud.')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(expected);
  });

  it('says what is wrong with a count outside 1 to 24 and offers nothing to copy until it is fixed', async () => {
    const u = userEvent.setup();
    api();
    renderWithPlatform(<MyProductsPage />, { session: business, route: '/auth/my-products' });
    const section = await screen.findByRole('region', { name: 'Toodete vidin sinu kodulehele' });
    const limit = within(section).getByLabelText('Toodete arv (1–24)');
    await u.clear(limit);
    await u.type(limit, '30');
    expect(await within(section).findByText('Toodete arv on täisarv 1 kuni 24.')).toBeInTheDocument();
    expect(snippetBox()).toHaveValue('');
    expect(within(section).getByRole('button', { name: 'Kopeeri' })).toBeDisabled();
    await u.clear(limit);
    await u.type(limit, '24');
    expect((snippetBox() as HTMLTextAreaElement).value).toContain('data-limit="24"');
    expect(within(section).getByRole('button', { name: 'Kopeeri' })).toBeEnabled();
  });

  it('shows the code as text: markup in a category name never becomes HTML', async () => {
    mockApi({
      'GET /products/my-products': () => [makeOwnerProduct({ id: 1, categoryId: 17 })],
      'GET /category': () => [
        { id: 1, name: '<img src=x onerror=alert(1)>', parentCategoryId: null },
        { id: 17, name: '<b>Kast</b>', parentCategoryId: 1 },
      ],
    });
    renderWithPlatform(<MyProductsPage />, { session: business, route: '/auth/my-products' });
    const section = await screen.findByRole('region', { name: 'Toodete vidin sinu kodulehele' });
    expect(await within(section).findByRole('option', { name: '<img src=x onerror=alert(1)> - <b>Kast</b>' })).toBeInTheDocument();
    expect(section.querySelector('img, b, script, div[data-rendime-owner]')).toBeNull();
  });

  it('is not offered to a private owner', async () => {
    api();
    renderWithPlatform(<MyProductsPage />, { session: person, route: '/auth/my-products' });
    expect(await screen.findAllByTestId('owner-product-card')).toHaveLength(3);
    expect(screen.queryByRole('region', { name: 'Toodete vidin sinu kodulehele' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('owner-widget-snippet')).not.toBeInTheDocument();
  });
});
