import { act, fireEvent, screen, within } from '@testing-library/react';
import type { Place } from 'shared-kernel/schemas';
import { deferred, mockApi, renderWithPlatform } from 'shared-kernel/testing';
import { EMPTY_FILTERS } from '../model/search-filters';
import { FilterPanel } from './filter-panel';

// GET /places/autocomplete?q, as (q).
const placesMock = jest.fn<Promise<Place[]>, [string]>();
beforeEach(() => {
  placesMock.mockReset();
  mockApi({ 'GET /places/autocomplete': ({ query }) => placesMock(String(query?.q)) });
});
const tartu = { id: 'tartu', name: 'Tartu', kind: 'linn', county: 'Tartu maakond', lat: 58.38, lon: 26.72, label: 'Tartu, Tartu maakond' };

const categories = [
  { id: 4, name: 'Tööriistad', parentCategoryId: null },
  { id: 26, name: 'Elektritööriistad', parentCategoryId: 4 },
  { id: 1, name: 'Haagised', parentCategoryId: null },
  { id: 17, name: 'Sõiduautohaagised', parentCategoryId: 1 },
];

/** Presses 'Otsi' and lets the form's validation (a promise) and what it starts settle. */
async function search(ms = 0) {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Otsi' }));
    await jest.advanceTimersByTimeAsync(ms);
  });
}

describe('FilterPanel', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it("warns 'Vali kategooria' for 3 s when nothing is chosen", async () => {
    const onSearch = jest.fn();
    renderWithPlatform(<FilterPanel filters={EMPTY_FILTERS} categories={categories} onSearch={onSearch} />);
    await search();
    expect(screen.getByTestId('search-warning')).toHaveTextContent('Vali kategooria');
    expect(onSearch).not.toHaveBeenCalled();
    act(() => jest.advanceTimersByTime(3000));
    expect(screen.queryByTestId('search-warning')).toBeNull();
  });

  it('lists only the chosen category’s children as subcategories and searches', async () => {
    const onSearch = jest.fn();
    renderWithPlatform(<FilterPanel filters={EMPTY_FILTERS} categories={categories} onSearch={onSearch} />);
    fireEvent.change(screen.getByLabelText('Kategooria'), { target: { value: '4' } });
    const sub = screen.getByLabelText('Alamkategooria') as HTMLSelectElement;
    expect(Array.from(sub.options).map((o) => o.textContent)).toEqual(['Vali alamkategooria', 'Elektritööriistad']);
    fireEvent.change(sub, { target: { value: '26' } });
    await search();
    expect(onSearch).toHaveBeenCalledWith(expect.objectContaining({ cat: 4, sub: 26, page: 0 }));
  });

  it('shows the spec message when the browser has no geolocation', () => {
    const geo = (navigator as { geolocation?: unknown }).geolocation;
    Object.defineProperty(navigator, 'geolocation', { value: undefined, configurable: true });
    renderWithPlatform(<FilterPanel filters={EMPTY_FILTERS} categories={categories} onSearch={jest.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Minu asukoht' }));
    expect(screen.getByTestId('search-warning')).toHaveTextContent(
      'Pole toetatud sinu brauseri poolt asukoht, leia teksti väljast käsitsi.',
    );
    Object.defineProperty(navigator, 'geolocation', { value: geo, configurable: true });
  });

  it('takes the best gazetteer match for a place typed but not picked, and searches near it', async () => {
    placesMock.mockResolvedValue([tartu]);
    const onSearch = jest.fn();
    renderWithPlatform(<FilterPanel filters={EMPTY_FILTERS} categories={categories} onSearch={onSearch} />);
    fireEvent.change(screen.getByRole('combobox', { name: 'Asukoht' }), { target: { value: 'tartu' } });
    await search(250);
    expect(placesMock).toHaveBeenLastCalledWith('tartu');
    expect(onSearch).toHaveBeenCalledWith(expect.objectContaining({ place: 'Tartu', lat: 58.38, lon: 26.72, dist: 50, page: 0 }));
    expect(screen.queryByTestId('search-warning')).toBeNull();
  });

  it("says 'Asukohta ei leitud.' for an unknown place, keeps the text and does not search", async () => {
    placesMock.mockResolvedValue([]);
    const onSearch = jest.fn();
    renderWithPlatform(<FilterPanel filters={EMPTY_FILTERS} categories={categories} onSearch={onSearch} />);
    const place = screen.getByRole('combobox', { name: 'Asukoht' }) as HTMLInputElement;
    fireEvent.change(place, { target: { value: 'Xqzwv' } });
    await search(250);
    expect(screen.getByTestId('search-warning')).toHaveTextContent('Asukohta ei leitud.');
    expect(place.value).toBe('Xqzwv');
    expect(onSearch).not.toHaveBeenCalled();
  });

  it('forgets the chosen point once the place text is edited', async () => {
    placesMock.mockResolvedValue([]);
    const onSearch = jest.fn();
    const chosen = { ...EMPTY_FILTERS, search: 'haagis', place: 'Tartu', lat: 58.38, lon: 26.72, dist: 25 };
    renderWithPlatform(<FilterPanel filters={chosen} categories={categories} onSearch={onSearch} />);
    fireEvent.change(screen.getByRole('combobox', { name: 'Asukoht' }), { target: { value: 'Tartux' } });
    await search(250);
    // Not the old Tartu point under a new name: the text is looked up again.
    expect(placesMock).toHaveBeenLastCalledWith('Tartux');
    expect(screen.getByTestId('search-warning')).toHaveTextContent('Asukohta ei leitud.');
    expect(onSearch).not.toHaveBeenCalled();
  });

  it("requires the subcategory once a category is chosen, saying 'Kohustuslik' (not the browser's bubble)", async () => {
    const onSearch = jest.fn();
    renderWithPlatform(<FilterPanel filters={EMPTY_FILTERS} categories={categories} onSearch={onSearch} />);
    expect(screen.getByTestId('search-filters')).toHaveAttribute('novalidate');
    fireEvent.change(screen.getByLabelText('Kategooria'), { target: { value: '1' } });
    expect(screen.queryByTestId('error-sub')).toBeNull();
    await search();
    expect(screen.getByTestId('error-sub')).toHaveTextContent('Kohustuslik');
    expect(screen.getByLabelText('Alamkategooria')).toHaveAttribute('aria-invalid', 'true');
    expect(onSearch).not.toHaveBeenCalled();
    await act(async () => {
      fireEvent.change(screen.getByLabelText('Alamkategooria'), { target: { value: '17' } });
    });
    expect(screen.queryByTestId('error-sub')).toBeNull();
    await search();
    expect(onSearch).toHaveBeenCalledWith(expect.objectContaining({ cat: 1, sub: 17 }));
  });

  it("says 'Kohustuslik' when the subcategory is left empty, and forgets it when another category is chosen", async () => {
    renderWithPlatform(<FilterPanel filters={EMPTY_FILTERS} categories={categories} onSearch={jest.fn()} />);
    fireEvent.change(screen.getByLabelText('Kategooria'), { target: { value: '4' } });
    await act(async () => {
      fireEvent.blur(screen.getByLabelText('Alamkategooria'));
    });
    expect(screen.getByTestId('error-sub')).toHaveTextContent('Kohustuslik');
    await act(async () => {
      fireEvent.change(screen.getByLabelText('Kategooria'), { target: { value: '1' } });
    });
    expect(screen.queryByTestId('error-sub')).toBeNull();
    expect(screen.getByLabelText('Alamkategooria')).toHaveValue('');
  });

  it('searches by the typed text alone, from the first page', async () => {
    const onSearch = jest.fn();
    renderWithPlatform(<FilterPanel filters={{ ...EMPTY_FILTERS, page: 3 }} categories={categories} onSearch={onSearch} />);
    fireEvent.change(screen.getByRole('textbox', { name: 'Otsingusõna' }), { target: { value: 'haagis' } });
    await search();
    expect(onSearch).toHaveBeenCalledTimes(1);
    expect(onSearch).toHaveBeenCalledWith({ ...EMPTY_FILTERS, search: 'haagis', page: 0 });
    expect(screen.queryByTestId('search-warning')).toBeNull();
  });

  it('shows new filters from the page (the URL) and clears them with Tühjenda, the search on screen too', async () => {
    const onSearch = jest.fn();
    const view = renderWithPlatform(<FilterPanel filters={EMPTY_FILTERS} categories={categories} onSearch={onSearch} />);
    const shown = { ...EMPTY_FILTERS, search: 'käru', cat: 4, sub: 26, sort: 'CHEAP_FIRST' as const, page: 3, minPrice: 10 };
    view.rerender(<FilterPanel filters={shown} categories={categories} onSearch={onSearch} />);
    await act(async () => undefined);
    expect(screen.getByRole('textbox', { name: 'Otsingusõna' })).toHaveValue('käru');
    expect(screen.getByLabelText('Alamkategooria')).toHaveValue('26');
    fireEvent.click(screen.getByRole('button', { name: 'Tühjenda' }));
    await act(async () => undefined);
    expect(screen.getByRole('textbox', { name: 'Otsingusõna' })).toHaveValue('');
    expect(screen.getByLabelText('Kategooria')).toHaveValue('');
    expect(screen.getByLabelText('Alates (€)')).toHaveValue('');
    // The search it describes goes with it, sort and page included, not only the fields.
    expect(onSearch).toHaveBeenCalledTimes(1);
    expect(onSearch).toHaveBeenCalledWith(EMPTY_FILTERS);
  });

  it("clears the messages with Tühjenda, 'Kohustuslik' and 'Vali kategooria', and adds none", async () => {
    renderWithPlatform(<FilterPanel filters={EMPTY_FILTERS} categories={categories} onSearch={jest.fn()} />);
    await search();
    expect(screen.getByTestId('search-warning')).toHaveTextContent('Vali kategooria');
    fireEvent.change(screen.getByLabelText('Kategooria'), { target: { value: '1' } });
    await search();
    expect(screen.getByTestId('error-sub')).toHaveTextContent('Kohustuslik');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Tühjenda' }));
    });
    expect(screen.queryByTestId('search-warning')).toBeNull();
    expect(screen.queryByTestId('error-sub')).toBeNull();
    expect(screen.getByLabelText('Alamkategooria')).not.toHaveAttribute('aria-invalid');
  });

  it('drops with Tühjenda a search still to come: a place being looked up, one just picked', async () => {
    const lookup = deferred<Place[]>();
    placesMock.mockReturnValueOnce(lookup.promise).mockResolvedValue([tartu]);
    const onSearch = jest.fn();
    renderWithPlatform(<FilterPanel filters={EMPTY_FILTERS} categories={categories} onSearch={onSearch} />);
    fireEvent.change(screen.getByRole('combobox', { name: 'Asukoht' }), { target: { value: 'tartu' } });
    await search();
    fireEvent.click(screen.getByRole('button', { name: 'Tühjenda' }));
    await act(async () => {
      lookup.resolve([tartu]);
      await jest.advanceTimersByTimeAsync(500);
    });
    expect(onSearch.mock.calls).toEqual([[EMPTY_FILTERS]]);
    expect(screen.getByRole('combobox', { name: 'Asukoht' })).toHaveValue('');
    // A place picked from the suggestions searches 200 ms later, unless cleared meanwhile.
    fireEvent.change(screen.getByRole('combobox', { name: 'Asukoht' }), { target: { value: 'tar' } });
    await act(async () => {
      await jest.advanceTimersByTimeAsync(300);
    });
    fireEvent.click(await screen.findByRole('option', { name: /Tartu/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Tühjenda' }));
    await act(async () => {
      await jest.advanceTimersByTimeAsync(500);
    });
    expect(onSearch.mock.calls).toEqual([[EMPTY_FILTERS], [EMPTY_FILTERS]]);
  });
});

describe('FilterPanel: period and price (issue 32)', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  const change = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

  it('searches a period of days and a price range for it', async () => {
    const onSearch = jest.fn();
    renderWithPlatform(<FilterPanel filters={EMPTY_FILTERS} categories={categories} onSearch={onSearch} />);
    change('Otsingusõna', 'haagis');
    expect(screen.getByText('Päeva hind')).toBeInTheDocument();
    change('Alates', '2099-06-05');
    change('Kuni (kaasa arvatud)', '2099-06-07');
    // With a period the range is for the whole of it, and the panel says so.
    expect(screen.getByText('Hind kogu rendiaja eest')).toBeInTheDocument();
    change('Alates (€)', '20');
    change('Kuni (€)', '150');
    await search();
    expect(onSearch).toHaveBeenCalledWith({
      ...EMPTY_FILTERS,
      search: 'haagis',
      from: '2099-06-05',
      to: '2099-06-07',
      minPrice: 20,
      maxPrice: 150,
    });
  });

  it('searches the hours of one day in hour mode', async () => {
    const onSearch = jest.fn();
    renderWithPlatform(<FilterPanel filters={EMPTY_FILTERS} categories={categories} onSearch={onSearch} />);
    change('Otsingusõna', 'saun');
    change('Rendin', 'hours');
    change('Kuupäev', '2099-06-05');
    change('Kellast', '10:00');
    change('Kellani', '14:00');
    await search();
    expect(onSearch).toHaveBeenCalledWith(expect.objectContaining({ from: '2099-06-05T10:00', to: '2099-06-05T14:00' }));
  });

  it("searches by a period alone, of days or of hours, without 'Vali kategooria'", async () => {
    const onSearch = jest.fn();
    renderWithPlatform(<FilterPanel filters={EMPTY_FILTERS} categories={categories} onSearch={onSearch} />);
    change('Alates', '2099-06-05');
    change('Kuni (kaasa arvatud)', '2099-06-05');
    await search();
    expect(onSearch).toHaveBeenLastCalledWith({ ...EMPTY_FILTERS, from: '2099-06-05', to: '2099-06-05' });
    change('Rendin', 'hours');
    change('Kuupäev', '2099-06-05');
    change('Kellast', '10:00');
    change('Kellani', '14:00');
    await search();
    expect(onSearch).toHaveBeenLastCalledWith({ ...EMPTY_FILTERS, from: '2099-06-05T10:00', to: '2099-06-05T14:00' });
    expect(screen.queryByTestId('search-warning')).toBeNull();
  });

  it("searches by a price range alone, without 'Vali kategooria'", async () => {
    const onSearch = jest.fn();
    renderWithPlatform(<FilterPanel filters={EMPTY_FILTERS} categories={categories} onSearch={onSearch} />);
    change('Kuni (€)', '40');
    await search();
    expect(onSearch).toHaveBeenCalledWith({ ...EMPTY_FILTERS, maxPrice: 40 });
    expect(screen.queryByTestId('search-warning')).toBeNull();
  });

  it('shows the period and prices of the URL, in hour mode too', async () => {
    const view = renderWithPlatform(
      <FilterPanel
        filters={{ ...EMPTY_FILTERS, from: '2099-06-05', to: '2099-06-06', maxPrice: 80 }}
        categories={categories}
        onSearch={jest.fn()}
      />,
    );
    await act(async () => undefined);
    expect(screen.getByLabelText('Alates')).toHaveValue('2099-06-05');
    expect(screen.getByLabelText('Kuni (kaasa arvatud)')).toHaveValue('2099-06-06');
    expect(screen.getByLabelText('Kuni (€)')).toHaveValue('80');
    view.rerender(
      <FilterPanel
        filters={{ ...EMPTY_FILTERS, from: '2099-06-05T09:00', to: '2099-06-05T12:00' }}
        categories={categories}
        onSearch={jest.fn()}
      />,
    );
    await act(async () => undefined);
    expect(screen.getByLabelText('Rendin')).toHaveValue('hours');
    expect(screen.getByLabelText('Kuupäev')).toHaveValue('2099-06-05');
    expect(screen.getByLabelText('Kellast')).toHaveValue('09:00');
    expect(screen.getByLabelText('Kellani')).toHaveValue('12:00');
  });

  it("shows a shared link's time that is no whole hour as the link gives it, and searches it unchanged", async () => {
    const onSearch = jest.fn();
    renderWithPlatform(
      <FilterPanel
        filters={{ ...EMPTY_FILTERS, search: 'saun', from: '2099-12-01T10:00', to: '2099-12-01T14:30' }}
        categories={categories}
        onSearch={onSearch}
      />,
    );
    await act(async () => undefined);
    const end = screen.getByLabelText('Kellani') as HTMLSelectElement;
    expect(end).toHaveValue('14:30');
    expect(end.selectedOptions[0]).toHaveTextContent('14:30');
    // In its place among the whole hours, and only in the end's select.
    const choices = Array.from(end.options).map((o) => o.value);
    expect(choices.slice(choices.indexOf('14:00'), choices.indexOf('14:00') + 3)).toEqual(['14:00', '14:30', '15:00']);
    expect(Array.from((screen.getByLabelText('Kellast') as HTMLSelectElement).options).map((o) => o.value)).not.toContain('14:30');
    await search();
    expect(onSearch).toHaveBeenCalledWith(expect.objectContaining({ from: '2099-12-01T10:00', to: '2099-12-01T14:30' }));
  });

  it('refuses half a period, a backwards one and prices that are no whole euros, by the fields', async () => {
    const onSearch = jest.fn();
    renderWithPlatform(<FilterPanel filters={EMPTY_FILTERS} categories={categories} onSearch={onSearch} />);
    change('Otsingusõna', 'haagis');
    change('Alates', '2099-06-05');
    change('Alates (€)', '12,50');
    await search();
    expect(screen.getByTestId('error-toDay')).toHaveTextContent('Kohustuslik');
    expect(screen.getByTestId('error-minPrice')).toHaveTextContent('Sisesta hind täiseurodes');
    change('Kuni (kaasa arvatud)', '2099-06-01');
    change('Alates (€)', '90');
    change('Kuni (€)', '40');
    await search();
    expect(screen.getByTestId('error-toDay')).toHaveTextContent('Lõpp ei saa olla enne algust');
    expect(screen.getByTestId('error-maxPrice')).toHaveTextContent('Ülemine piir ei saa olla alumisest väiksem');
    expect(onSearch).not.toHaveBeenCalled();
  });

  it('refuses an hour the spring DST night skips with the reason, and takes the repeated autumn hour', async () => {
    const onSearch = jest.fn();
    renderWithPlatform(<FilterPanel filters={EMPTY_FILTERS} categories={categories} onSearch={onSearch} />);
    change('Rendin', 'hours');
    // 28 March 2027: the clocks go from 03:00 to 04:00; the hour list offers every hour of every day.
    change('Kuupäev', '2027-03-28');
    change('Kellast', '03:00');
    change('Kellani', '05:00');
    await search();
    expect(screen.getByTestId('error-fromHour')).toHaveTextContent(
      'Kellaaega 03:00 ei ole 28.03.2027 Eesti ajas (kellad keeratakse sel ööl tund edasi). Vali teine kellaaeg.',
    );
    expect(screen.getByLabelText('Kellast')).toHaveAccessibleDescription(expect.stringContaining('Kellaaega 03:00 ei ole 28.03.2027'));
    expect(screen.queryByTestId('error-toHour')).toBeNull();
    change('Kellast', '01:00');
    change('Kellani', '03:00');
    await search();
    expect(screen.queryByTestId('error-fromHour')).toBeNull();
    expect(screen.getByTestId('error-toHour')).toHaveTextContent('Kellaaega 03:00 ei ole 28.03.2027 Eesti ajas');
    expect(onSearch).not.toHaveBeenCalled();
    // 31 October 2027: 03:00–04:00 happens twice, and is a time to search from.
    change('Kuupäev', '2027-10-31');
    await search();
    expect(onSearch).toHaveBeenCalledWith(expect.objectContaining({ from: '2027-10-31T01:00', to: '2027-10-31T03:00' }));
  });

  it('names the period and price groups and describes the period fields by the hint', () => {
    renderWithPlatform(<FilterPanel filters={EMPTY_FILTERS} categories={categories} onSearch={jest.fn()} />);
    const period = screen.getByRole('group', { name: 'Rendiaeg' });
    expect(within(period).getByLabelText('Alates')).toHaveAccessibleDescription('Näitan ainult tooteid, mis on sel ajal vabad.');
    expect(within(period).getByLabelText('Kuni (kaasa arvatud)')).toHaveAccessibleDescription(
      'Näitan ainult tooteid, mis on sel ajal vabad.',
    );
    expect(within(period).getByLabelText('Rendin')).toHaveAccessibleDescription('Näitan ainult tooteid, mis on sel ajal vabad.');
    expect(within(period).queryByLabelText('Alates (€)')).not.toBeInTheDocument();
    const price = screen.getByRole('group', { name: 'Päeva hind' });
    expect(within(price).getByLabelText('Alates (€)')).toBeInTheDocument();
    expect(within(price).getByLabelText('Kuni (€)')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Alates'), { target: { value: '2099-06-05' } });
    expect(screen.getByRole('group', { name: 'Hind kogu rendiaja eest' })).toBeInTheDocument();
  });

  it("keeps a period field's message in its description next to the hint", async () => {
    renderWithPlatform(<FilterPanel filters={EMPTY_FILTERS} categories={categories} onSearch={jest.fn()} />);
    change('Otsingusõna', 'haagis');
    change('Alates', '2099-06-05');
    await search();
    expect(screen.getByLabelText('Kuni (kaasa arvatud)')).toHaveAccessibleDescription(
      'Näitan ainult tooteid, mis on sel ajal vabad. Kohustuslik',
    );
  });

  it("shows the API's refusal of the period by the fields", () => {
    renderWithPlatform(
      <FilterPanel filters={EMPTY_FILTERS} categories={categories} onSearch={jest.fn()} refusal="Rendiperiood on liiga pikk." />,
    );
    expect(within(screen.getByTestId('search-period')).getByRole('alert')).toHaveTextContent('Rendiperiood on liiga pikk.');
  });
});
