import { act, fireEvent, screen } from '@testing-library/react';
import { Route, Routes, useLocation } from 'shared-kernel/router';
import type { ProductDetails, UpdateProductRequest } from 'shared-kernel/schemas';
import { netFromOwnerPriceCents, ownerPriceCents } from 'shared-kernel/domain';
import { makeUser, mockApi, renderWithPlatform, type MockedApi } from 'shared-kernel/testing';
import { EditProductPage } from './edit-product-page';

jest.mock('../../../components/location-picker/lazy-point-map', () => ({ LazyPointMap: () => null }));
jest.setTimeout(20_000);

const NULL_TECH = {
  width: null,
  height: null,
  lengthOfItem: null,
  weight: null,
  maxCarry: null,
  engineType: null,
  issueYear: null,
  power: null,
  axleCount: null,
  seat: null,
  gear: null,
  platformHeight: null,
  canGoForeign: null,
  carryingWheels: null,
  carryConfiguration: null,
  distanceTravelled: null,
  radiusMax: null,
  platformMeasurements: null,
  liftType: null,
};

function details(over: Partial<ProductDetails> = {}): ProductDetails {
  return {
    id: 12,
    name: 'Puur',
    description: 'Hea puur',
    images: [{ id: 1, url: '/api/files/u7-a.jpg', title: 'a' }],
    paidLater: false,
    startTs: '08:00',
    endTs: '18:00',
    rentDays: ['MONDAY'],
    vacationDays: [],
    priceDaily: 10,
    priceHour: null,
    threeDay: null,
    aweek: null,
    twoWeek: null,
    month: null,
    weekendDay: null,
    createdTs: '2026-01-01T00:00:00Z',
    deleted: false,
    inactiveReason: null,
    categoryId: 20,
    userId: 7,
    allowVat: false,
    cost: 0,
    rating: null,
    additionalServices: [{ id: 5, name: 'Transport', cost: 10, additionalInfo: null }],
    automaticallyApproved: false,
    automaticallyApprovedTxt: null,
    productCode: null,
    reservations: [],
    location: '58.38,26.72',
    lat: 58.38,
    lon: 26.72,
    locationDescription: 'Tartu',
    loadedCount: 1,
    technical: NULL_TECH,
    categoryName: 'Puurid',
    parentCategoryId: 2,
    parentCategoryName: 'Tööriistad',
    categoryLabel: 'Tööriistad - Puurid',
    owner: { id: 7, name: 'Mari', type: 'B2C', allowVat: false },
    ...over,
  };
}

let api: MockedApi;
beforeEach(() => {
  api = mockApi({
    'GET /category': () => [
      { id: 2, name: 'Tööriistad', parentCategoryId: null },
      { id: 20, name: 'Puurid', parentCategoryId: 2 },
    ],
    'GET /products/:id/details': () => details(),
    'PUT /products/:id': ({ body }) => ({ ...details(), ...(body as object) }),
    'POST /products/:id/services': () => ({ id: 6, name: 'Kate', cost: 2, additionalInfo: null }),
    'PUT /products/:id/services/:sid/update': () => ({ id: 5, name: 'Transport', cost: 15, additionalInfo: null }),
    'DELETE /products/:id/services/:sid': () => ({ ok: true }),
  });
});

function Where() {
  const l = useLocation();
  return <output data-testid="where">{l.pathname}</output>;
}

async function open(session = makeUser({ id: 7, allowVat: true })) {
  renderWithPlatform(
    <Routes>
      <Route path="/auth/edit-product/:id" element={<EditProductPage />} />
      <Route path="*" element={<Where />} />
    </Routes>,
    { route: '/auth/edit-product/12', session },
  );
  await act(async () => undefined);
}
const type = (label: string | RegExp, value: string) =>
  act(async () => void fireEvent.change(screen.getByLabelText(label), { target: { value } }));
const click = (el: HTMLElement) => act(async () => void fireEvent.click(el));

// Issue 25, item 4: firma's product 150 is stored at 100 €/day net with a 10 € service. The owner sees
// and types every price with VAT through the kernel's one conversion, and an unchanged save stores
// exactly what was loaded.
const withVat = (netCents: number) => ownerPriceCents(netCents, true);
const typed = (cents: number) => (cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2).replace('.', ','));

describe('EditProductPage for a VAT-liable owner (issue 25)', () => {
  beforeEach(() => {
    const firma150 = details({
      priceDaily: 100,
      priceHour: 17,
      threeDay: 90,
      aweek: 80,
      month: 60,
      allowVat: true,
      additionalServices: [{ id: 5, name: 'Laadija', cost: 10, additionalInfo: null }],
      owner: { id: 7, name: 'Rendiäri OÜ', type: 'B2B', allowVat: true },
    });
    api.on({ 'GET /products/:id/details': () => firma150 });
  });

  it('shows the day price and the service price with VAT, as Minu tooted does', async () => {
    await open();
    expect(screen.getByLabelText(/Päevahind/)).toHaveValue(typed(withVat(10_000)));
    expect(screen.getByTestId('vat-note')).toBeInTheDocument();
    await click(screen.getByRole('button', { name: '2. Lisateenused' }));
    // The service was shown net ('10') while every owner view showed it with VAT.
    expect(screen.getByLabelText('Hind (€)')).toHaveValue(typed(withVat(1_000)));
    expect(screen.getByTestId('vat-note')).toBeInTheDocument();
    expect(screen.getByTestId('service-fee-note')).toHaveTextContent('Rentija maksab lisateenuse hinnale lisaks 10% platvormi tasu');
  });

  it('stores the same net prices when saved unchanged', async () => {
    await open();
    await click(screen.getByRole('button', { name: 'Salvesta' }));
    await click(screen.getByRole('button', { name: 'Jah, salvesta' }));
    const body = api.requests('PUT /products/:id')[0].body as UpdateProductRequest;
    expect({
      priceDaily: body.priceDaily,
      priceHour: body.priceHour,
      threeDay: body.threeDay,
      aweek: body.aweek,
      month: body.month,
    }).toEqual({
      priceDaily: 100,
      priceHour: 17,
      threeDay: 90,
      aweek: 80,
      month: 60,
    });
  });

  it('stores a service saved unchanged at its net price, and one typed with VAT net', async () => {
    await open();
    await click(screen.getByRole('button', { name: '2. Lisateenused' }));
    await click(screen.getByRole('button', { name: 'Salvesta teenus' }));
    expect(api.requests('PUT /products/:id/services/:sid/update')[0].body).toEqual({ name: 'Laadija', cost: 10, additionalInfo: null });
    await type('Hind (€)', '15');
    await click(screen.getByRole('button', { name: 'Salvesta teenus' }));
    expect(api.requests('PUT /products/:id/services/:sid/update')[1].body).toEqual({
      name: 'Laadija',
      cost: netFromOwnerPriceCents(1_500, true) / 100,
      additionalInfo: null,
    });
  });
});

describe('EditProductPage', () => {
  it('sends a non-owner to my products', async () => {
    await open(makeUser({ id: 8 }));
    expect(screen.getByTestId('where')).toHaveTextContent('/auth/my-products');
  });

  it('shows prices with VAT, asks for confirmation, then saves net prices and goes to my products', async () => {
    await open();
    expect(screen.getByLabelText(/Päevahind/)).not.toHaveValue('10');
    await type(/Päevahind/, '24');
    await click(screen.getByRole('button', { name: 'Salvesta' }));
    expect(screen.getByRole('dialog')).toHaveTextContent('Salvesta muudatused?');
    expect(api.requests('PUT /products/:id')).toHaveLength(0);
    await click(screen.getByRole('button', { name: 'Jah, salvesta' }));
    const body = api.requests('PUT /products/:id')[0].body as UpdateProductRequest;
    expect(body.priceDaily).toBeLessThan(24);
    expect(body.name).toBe('Puur');
    expect(screen.getByTestId('where')).toHaveTextContent('/auth/my-products');
  });

  it('does not save when the start time is not before the end time', async () => {
    await open();
    await click(screen.getByRole('button', { name: '4. Ajahaldus' }));
    await type('Algusaeg', '18:00');
    await click(screen.getByRole('button', { name: 'Salvesta' }));
    expect(screen.getByTestId('error-endTs')).toHaveTextContent('Algusaeg on pärast lõppaega või on sama väärtusega.');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.requests('PUT /products/:id')).toHaveLength(0);
  });

  it('saves service rows with update or add, and deletes from the server', async () => {
    await open(makeUser({ id: 7, allowVat: false }));
    await click(screen.getByRole('button', { name: '2. Lisateenused' }));
    await type('Hind (€)', '15');
    await click(screen.getByRole('button', { name: 'Salvesta teenus' }));
    expect(api.requests('PUT /products/:id/services/:sid/update')[0].body).toEqual({ name: 'Transport', cost: 15, additionalInfo: null });

    await click(screen.getByRole('button', { name: 'Lisa teenus' }));
    expect(screen.getAllByRole('button', { name: 'Salvesta teenus' })).toHaveLength(1);
    const names = screen.getAllByLabelText('Teenuse nimi');
    await act(async () => void fireEvent.change(names[1], { target: { value: 'Kate' } }));
    await act(async () => void fireEvent.change(screen.getAllByLabelText('Hind (€)')[1], { target: { value: '2' } }));
    await click(screen.getAllByRole('button', { name: 'Salvesta teenus' })[1]);
    expect(api.requests('POST /products/:id/services')[0].body).toEqual({ name: 'Kate', cost: 2, additionalInfo: null });

    await click(screen.getAllByRole('button', { name: 'Eemalda teenus' })[0]);
    expect(api.requests('DELETE /products/:id/services/:sid')[0].path).toBe('/products/12/services/5');
    expect(screen.getAllByLabelText('Teenuse nimi')).toHaveLength(1);
  });
});
