import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'shared-kernel/router';
import { renderWithPlatform } from 'shared-kernel/testing';
import { HeroSearchSlot } from './hero-search-slot';

// Counts when the real form's module (react-hook-form and the zod resolver behind it) is loaded.
const mockFormLoaded = jest.fn();
jest.mock('./hero-search', () => {
  mockFormLoaded();
  return jest.requireActual('./hero-search');
});

function Where() {
  const l = useLocation();
  return <output data-testid="where">{l.pathname + l.search}</output>;
}

function setup() {
  renderWithPlatform(
    <Routes>
      <Route path="/public" element={<HeroSearchSlot />} />
      <Route path="*" element={<Where />} />
    </Routes>,
    { route: '/public', session: null },
  );
}

const searchBox = () => screen.getByRole('textbox', { name: 'Otsi tooteid' });

/** Waits until the real form has replaced the stand-in box. */
async function formTakenOver(standIn: HTMLElement) {
  await waitFor(() => expect(searchBox()).not.toBe(standIn));
}

beforeEach(() => mockFormLoaded.mockClear());

describe('HeroSearchSlot', () => {
  it('paints the search box, the period button and the search button without loading the form code', () => {
    setup();
    expect(screen.getByRole('search', { name: 'Otsi tooteid' })).toBeInTheDocument();
    expect(searchBox()).toHaveAttribute('placeholder');
    expect(screen.getByRole('button', { name: 'Vali rendiaeg' })).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('button', { name: 'Otsi' })).toBeInTheDocument();
    expect(mockFormLoaded).not.toHaveBeenCalled();
  });

  // Server HTML, or a page whose script has not taken over yet: the browser submits the box itself.
  it('submits natively to the search page with the text as `search`', () => {
    setup();
    const form = screen.getByRole('search', { name: 'Otsi tooteid' });
    expect(form).toHaveAttribute('action', '/public/search-products');
    expect(form).toHaveAttribute('method', 'get');
    expect(searchBox()).toHaveAttribute('name', 'search');
  });

  // The stand-in copies the form's markup so nothing moves when the form takes over: a change to
  // one without the other fails here (ids differ per render and are left out).
  it('is the same markup as the form it stands in for', () => {
    const html = (ui: React.ReactElement) => {
      const { container, unmount } = renderWithPlatform(ui, { route: '/public', session: null });
      const markup = container.innerHTML.replace(/(id|for|aria-labelledby|aria-describedby)="[^"]*"/g, '$1=""');
      unmount();
      return markup;
    };
    const { HeroSearch } = jest.requireActual<typeof import('./hero-search')>('./hero-search');
    expect(html(<HeroSearchSlot />)).toBe(html(<HeroSearch />));
  });

  it('loads the form on the first touch and keeps what was typed, the focus and the caret', async () => {
    setup();
    const standIn = searchBox();
    // Focused and typed into before the code is there (the import resolves after this task).
    await act(async () => {
      standIn.focus();
      fireEvent.change(standIn, { target: { value: 'auto' } });
      (standIn as HTMLInputElement).setSelectionRange(4, 4);
    });
    expect(mockFormLoaded).toHaveBeenCalledTimes(1);
    await formTakenOver(standIn);
    expect(searchBox()).toHaveValue('auto');
    expect(searchBox()).toHaveFocus();
    await userEvent.keyboard(' käru{Enter}');
    expect(await screen.findByTestId('where')).toHaveTextContent('/public/search-products?search=auto%20k%C3%A4ru');
  });

  it('submits what was typed before the code came, once it is there', async () => {
    setup();
    fireEvent.change(searchBox(), { target: { value: 'haagis' } });
    expect(mockFormLoaded).not.toHaveBeenCalled();
    fireEvent.submit(screen.getByRole('search', { name: 'Otsi tooteid' }));
    expect(await screen.findByTestId('where')).toHaveTextContent('/public/search-products?search=haagis');
  });

  it('opens the period asked for before the code came, once it is there', async () => {
    setup();
    fireEvent.click(screen.getByRole('button', { name: 'Vali rendiaeg' }));
    expect(await screen.findByRole('combobox', { name: 'Rendin' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Vali rendiaeg' })).toHaveAttribute('aria-expanded', 'true');
  });

  // Tab to the button and Enter before the code came: the keyboard user stays on the button.
  it('keeps the focus on the period button pressed by keyboard before the code came', async () => {
    setup();
    const standIn = screen.getByRole('button', { name: 'Vali rendiaeg' });
    act(() => standIn.focus());
    fireEvent.click(standIn);
    expect(await screen.findByRole('combobox', { name: 'Rendin' })).toBeInTheDocument();
    const button = screen.getByRole('button', { name: 'Vali rendiaeg' });
    expect(button).not.toBe(standIn);
    expect(button).toHaveFocus();
  });
});
