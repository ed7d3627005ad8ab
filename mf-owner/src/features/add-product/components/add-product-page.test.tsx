import { act, fireEvent, screen, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'shared-kernel/router';
import { ApiError } from 'shared-kernel/api';
import { fromCents, netFromOwnerPriceCents } from 'shared-kernel/domain';
import { on } from 'shared-kernel/events';
import { messages } from 'shared-kernel/messages';
import type { Category, NewProductRequest } from 'shared-kernel/schemas';
import { makeUser, mockApi, renderWithPlatform, type MockedApi } from 'shared-kernel/testing';
import { FakeXhr, imageFile, installFakeXhr } from '../../../testing/fake-xhr';
import { AddProductPage } from './add-product-page';

jest.mock('../../../components/location-picker/lazy-point-map', () => ({
  LazyPointMap: ({ onPick }: { onPick: (lat: number, lon: number) => void }) => (
    <button type="button" onClick={() => onPick(58.3776252, 26.7290383)}>
      kaart
    </button>
  ),
}));

const CATEGORIES: Category[] = [
  { id: 60, name: 'Tõstukid', parentCategoryId: null },
  { id: 61, name: 'Käärtõstukid', parentCategoryId: 60 },
  { id: 2, name: 'Tööriistad', parentCategoryId: null },
  { id: 20, name: 'Puurid', parentCategoryId: 2 },
];

let api: MockedApi;
let restoreXhr: () => void;
beforeEach(() => {
  restoreXhr = installFakeXhr();
  api = mockApi({
    'GET /category': () => CATEGORIES,
    'GET /places/reverse': () => ({
      id: 'tartu',
      name: 'Tartu',
      kind: 'linn',
      county: 'Tartu maakond',
      lat: 58.38,
      lon: 26.72,
      label: 'Tartu, Tartu maakond',
      distanceInKm: 0.2,
    }),
    'POST /products': ({ body }) => ({ id: 99, ...(body as object) }),
  });
});
afterEach(() => restoreXhr());

function Where() {
  const l = useLocation();
  return <output data-testid="where">{l.pathname}</output>;
}

async function open(session = makeUser({ id: 7, allowVat: true, type: 'B2C' })) {
  renderWithPlatform(
    <Routes>
      <Route path="/auth/add-product" element={<AddProductPage />} />
      <Route path="*" element={<Where />} />
    </Routes>,
    { route: '/auth/add-product', session },
  );
  await act(async () => undefined);
}

const type = (label: string | RegExp, value: string) =>
  act(async () => void fireEvent.change(screen.getByLabelText(label), { target: { value } }));
const click = (el: HTMLElement) => act(async () => void fireEvent.click(el));
const next = () => click(screen.getByRole('button', { name: 'Edasi' }));

async function uploadImage(name = 'auto.jpg') {
  await act(async () => void fireEvent.change(screen.getByTestId('image-input'), { target: { files: [imageFile(name)] } }));
  const xhr = FakeXhr.last!;
  await act(async () => xhr.progress(40, 100));
  expect(screen.getByRole('progressbar', { name: 'Üleslaadimine' })).toHaveAttribute('aria-valuenow', '40');
  await act(async () => xhr.respond(200, [`u7-${name}`]));
}

async function fillStepOne() {
  await type(/Mudel/, 'Genie GS-1930');
  await type(/^Kategooria/, '60');
  await type(/^Alamkategooria/, '61');
  await type(/^Kirjeldus/, 'Käärtõstuk siseruumidesse');
  await type(/Päevahind/, '60');
  await uploadImage();
}

jest.setTimeout(20_000);

describe('AddProductPage', () => {
  it('checks each step on Edasi with the spec messages, which clear once filled', async () => {
    await open();
    await next();
    expect(screen.getByTestId('error-name')).toHaveTextContent('Kohustustlik väli');
    expect(screen.getByTestId('error-description')).toHaveTextContent('Kohustustlik väli');
    expect(screen.getByTestId('error-priceDaily')).toHaveTextContent('Kohustustlik väli');
    expect(screen.getByTestId('error-images')).toHaveTextContent('VALITUD 0 Pilti! Vali vähemalt 1!');
    await type(/Mudel/, 'Genie');
    expect(screen.queryByTestId('error-name')).not.toBeInTheDocument();
    await fillStepOne();
    expect(screen.queryByTestId('error-images')).not.toBeInTheDocument();
    await next();
    expect(screen.getByRole('heading', { level: 2, name: 'Ajahaldus' })).toBeInTheDocument();

    await type('Algusaeg', '18:00');
    await next();
    expect(screen.getByTestId('error-endTs')).toHaveTextContent('Algusaeg ei tohi olla pärast lõpp aega või sama: samm 3.');
    await type('Algusaeg', '09:00');
    expect(screen.queryByTestId('error-endTs')).not.toBeInTheDocument();
    await next();

    await next();
    expect(screen.getByTestId('error-lon')).toHaveTextContent('Täida toote asukoht, kas trükkides või nuppu vajutades.');
    await click(screen.getByRole('button', { name: 'kaart' }));
    expect(screen.queryByTestId('error-lon')).not.toBeInTheDocument();
    expect(screen.getByRole('combobox')).toHaveValue('Tartu, Tartu maakond');

    await click(screen.getByRole('button', { name: 'Tagasi' }));
    await click(screen.getByRole('button', { name: 'Tagasi' }));
    expect(screen.getByLabelText(/Mudel/)).toHaveValue('Genie GS-1930');
  });

  it("clears the child category when the parent changes, and shows the category's technical fields", async () => {
    await open();
    await type(/^Kategooria/, '60');
    await type(/^Alamkategooria/, '61');
    expect(within(screen.getByTestId('technical-fields')).getByLabelText('Tõstuki tüüp')).toBeInTheDocument();
    await type(/^Kategooria/, '2');
    expect(screen.getByLabelText(/^Alamkategooria/)).toHaveValue('');
    expect(screen.queryByTestId('technical-fields')).not.toBeInTheDocument();
    await type(/^Alamkategooria/, '20');
    expect(within(screen.getByTestId('technical-fields')).queryByLabelText('Tõstuki tüüp')).not.toBeInTheDocument();
    expect(within(screen.getByTestId('technical-fields')).getByLabelText('Pikkus (m)')).toBeInTheDocument();
  });

  it('shows the business extras only to B2B owners, with the approval text required when on', async () => {
    await open();
    expect(screen.queryByLabelText('Tootekood')).not.toBeInTheDocument();
  });

  it('B2B: product code max 100 and the approval text required when automatic approval is on', async () => {
    await open(makeUser({ id: 7, type: 'B2B', isB2b: true, allowVat: true }));
    await type('Tootekood', 'x'.repeat(101));
    await click(screen.getByText('Kinnita päringud automaatselt'));
    await next();
    expect(screen.getByTestId('error-productCode')).toHaveTextContent('Max 100');
    expect(screen.getByTestId('error-automaticallyApprovedTxt')).toHaveTextContent('Kohustustlik väli');
  });

  it('refuses a wrong file type and a too large image in the browser, before any upload', async () => {
    await open();
    await act(
      async () =>
        void fireEvent.change(screen.getByTestId('image-input'), {
          target: { files: [imageFile('virus.exe', 'application/x-msdownload')] },
        }),
    );
    // Issue 25: the same words as the server's refusal (one catalogue text), with the file's name.
    expect(screen.getByTestId('error-images')).toHaveTextContent(`virus.exe: ${messages.errors.images.invalidFileType}`);
    expect(messages.errors.images.invalidFileType).toBe('Lubatud on ainult jpeg-, png- ja bmp-pildid.');
    await act(
      async () =>
        void fireEvent.change(screen.getByTestId('image-input'), { target: { files: [imageFile('suur.jpg', 'image/jpeg', 9_900_001)] } }),
    );
    expect(screen.getByTestId('error-images')).toHaveTextContent(`suur.jpg: ${messages.errors.images.fileTooLarge}`);
    expect(FakeXhr.last).toBeNull();

    // A file that only claims to be a jpeg: the server refuses it in the same words.
    await act(async () => void fireEvent.change(screen.getByTestId('image-input'), { target: { files: [imageFile('kass.jpg')] } }));
    const refusal = messages.errors.images.invalidFileType;
    await act(async () =>
      FakeXhr.last!.respond(400, { statusCode: 400, code: 'INVALID_FILE_TYPE', message: refusal, codes: ['INVALID_FILE_TYPE'] }),
    );
    expect(await screen.findByTestId('error-images')).toHaveTextContent(refusal);
  });

  it('toggles rent days and de-duplicates vacation days', async () => {
    await open();
    await fillStepOne();
    await next();
    const days = screen.getByRole('group', { name: 'Rendipäevad' });
    expect(within(days).getByRole('button', { name: 'E' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(days).getByRole('button', { name: 'L' })).toHaveAttribute('aria-pressed', 'false');
    await click(within(days).getByRole('button', { name: 'L' }));
    await click(within(days).getByRole('button', { name: 'E' }));
    expect(within(days).getByRole('button', { name: 'L' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(days).getByRole('button', { name: 'E' })).toHaveAttribute('aria-pressed', 'false');
    for (let i = 0; i < 2; i++) {
      await type('Puhkepäev', '2026-12-24');
      await click(screen.getByRole('button', { name: 'Lisa puhkepäev' }));
    }
    expect(within(screen.getByRole('list', { name: 'Puhkepäevad' })).getAllByRole('listitem')).toHaveLength(1);
  });

  it('saves: posts the request with net prices and kept services, then goes to my products', async () => {
    const notices: string[] = [];
    const off = on('notice', (n) => void notices.push(n.message));
    await open();
    await fillStepOne();
    await next();
    await click(screen.getByRole('button', { name: 'L' }));
    await next();
    await click(screen.getByRole('button', { name: 'kaart' }));
    await next();
    expect(screen.getByRole('button', { name: 'Lisa teenus' })).toBeInTheDocument();
    await click(screen.getByRole('button', { name: 'Lisa teenus' }));
    expect(screen.queryByRole('button', { name: 'Lisa teenus' })).not.toBeInTheDocument();
    await type('Teenuse nimi', 'Transport');
    await type('Hind (€)', '12,5');
    await click(screen.getByRole('button', { name: 'Lisa teenus' }));
    expect(screen.getAllByLabelText('Teenuse nimi')).toHaveLength(2);
    await click(screen.getByRole('button', { name: 'Salvesta' }));

    const body = api.requests('POST /products')[0].body as NewProductRequest;
    expect(body).toMatchObject({
      name: 'Genie GS-1930',
      categoryId: 61,
      description: 'Käärtõstuk siseruumidesse',
      priceDaily: fromCents(netFromOwnerPriceCents(6000, true)),
      images: ['u7-auto.jpg'],
      rentDays: ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY'],
      startTs: '08:00',
      endTs: '18:00',
      lat: 58.37762,
      lon: 26.72903,
      locationDescription: 'Tartu, Tartu maakond',
      // Typed with VAT like the day price, stored net (issue 25: the owner views show services with VAT).
      additionalServices: [{ name: 'Transport', cost: fromCents(netFromOwnerPriceCents(1250, true)), additionalInfo: null }],
    });
    expect(body.priceDaily).toBeLessThan(60);
    expect(body).not.toHaveProperty('productCode');
    expect(screen.getByTestId('where')).toHaveTextContent('/auth/my-products');
    expect(notices).toContain('Toode lisatud.');
    off();
  });

  it("keeps everything and shows the server's message when saving fails", async () => {
    api.on({
      'POST /products': () => {
        throw new ApiError({ status: 400, code: 'B2B_ONLY', message: 'Ainult ettevõttele' });
      },
    });
    await open();
    await fillStepOne();
    await next();
    await next();
    await click(screen.getByRole('button', { name: 'kaart' }));
    await next();
    await click(screen.getByRole('button', { name: 'Salvesta' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Ainult ettevõttele');
    expect(screen.getByRole('heading', { level: 2, name: 'Lisateenused' })).toBeInTheDocument();
  });

  it('sends users who must verify their identity to the profile', async () => {
    await open(makeUser({ id: 7, roles: ['ROLE_USER_B2C_NEED_ID'] }));
    expect(screen.getByTestId('where')).toHaveTextContent('/auth/user-profile');
  });
});
