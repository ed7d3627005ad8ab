import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'shared-kernel/router';
import { formatEuros } from 'shared-kernel/domain';
import { renderWithPlatform } from 'shared-kernel/testing';
import type { ProductDetails } from 'shared-kernel/schemas';
import { fixClock } from '../../../testing/clock';
import { testProductDetails } from '../../../testing/product-fixture';
import { Widget } from '../../../widgets/booking-panel';

function Where() {
  const l = useLocation();
  return <output data-testid="where">{l.pathname + l.search}</output>;
}

function panel(product: ProductDetails = testProductDetails(), query = '') {
  return renderWithPlatform(
    <Routes>
      <Route path="/public/detail-view/:id" element={<Widget productId={product.id} product={product} />} />
      <Route path="*" element={<Where />} />
    </Routes>,
    { route: `/public/detail-view/${product.id}${query}` },
  );
}

const day = (label: string) => screen.getByRole('gridcell', { name: new RegExp(`^${label} 2026, `) });
// The element's text is whitespace-normalised; formatEuros puts a no-break space before '€'.
const euros = (cents: number) => formatEuros(cents).replace(/\s/g, ' ');
const rent = () => fireEvent.click(screen.getByRole('button', { name: 'Rentima' }));
// Chakra's checkbox settles its state after the event: let it inside act.
const tick = (el: HTMLElement) => act(async () => void fireEvent.click(el));

beforeEach(() => fixClock('2026-12-01T10:00:00Z'));
afterEach(() => jest.useRealTimers());

describe('booking panel widget', () => {
  it('sends a picked range to the rent page', () => {
    panel();
    fireEvent.click(day('14. detsember'));
    fireEvent.click(day('16. detsember'));
    rent();
    expect(screen.getByTestId('where')).toHaveTextContent('/auth/rent-product/12?startD=2026-12-14&endD=2026-12-16');
  });

  it('moves the end one day later when start equals end', () => {
    panel();
    fireEvent.click(day('14. detsember'));
    fireEvent.click(day('14. detsember'));
    rent();
    expect(screen.getByTestId('where')).toHaveTextContent('/auth/rent-product/12?startD=2026-12-14&endD=2026-12-15');
  });

  it('is used with the keyboard alone: Tab into the calendar, arrows, Enter, Tab to Rentima', async () => {
    const user = userEvent.setup();
    panel();
    // Previous month, next month, then the calendar's one tab stop: today.
    await user.tab();
    await user.tab();
    await user.tab();
    expect(document.activeElement).toHaveAccessibleName('1. detsember 2026, vaba');
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowLeft}{Enter}');
    await user.keyboard('{ArrowRight}{ArrowRight} ');
    expect(day('15. detsember')).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByTestId('booking-period')).toHaveTextContent('Üleandmine 14.12 08:00, tagastamine 16.12 08:00');
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Rentima' }));
    await user.keyboard('{Enter}');
    expect(screen.getByTestId('where')).toHaveTextContent('/auth/rent-product/12?startD=2026-12-14&endD=2026-12-16');
  });

  it('keeps Rentima disabled until a day is picked', () => {
    panel();
    expect(screen.getByRole('button', { name: 'Rentima' })).toBeDisabled();
    expect(screen.getByText('Vali kalendrist üleandmise päev ja tagastamise päev.')).toBeInTheDocument();
  });

  it('prices a Friday-to-Sunday pick as the renter will pay it: a weekday and a weekend day, VAT on top', () => {
    // A VAT-liable owner: 10 € a weekday, 15 € a weekend day (9 € from three days on, not reached).
    panel(testProductDetails({ priceDaily: 10, threeDay: 9, weekendDay: 15, allowVat: true }));
    fireEvent.click(day('11. detsember'));
    fireEvent.click(day('13. detsember'));
    const breakdown = screen.getByTestId('price-breakdown');
    // Friday 10 € + Saturday 15 € = 25 €; VAT 24 % of that = 6 €; no fee on this product; 31 € in all.
    expect(within(breakdown).getByTestId('price-rent')).toHaveTextContent(euros(2_500));
    expect(within(breakdown).getByTestId('price-vat')).toHaveTextContent(euros(600));
    expect(within(breakdown).getByTestId('price-fee')).toHaveTextContent(euros(0));
    expect(within(breakdown).getByTestId('price-total')).toHaveTextContent(euros(3_100));
    expect(breakdown).toHaveTextContent('Rent (2 päeva)');
    expect(breakdown).toHaveTextContent('Käibemaks 24%');
    expect(screen.getByTestId('booking-period')).toHaveTextContent('Üleandmine 11.12 08:00, tagastamine 13.12 08:00');
  });

  it('offers hourly mode only with an hourly price, and sends the hours', async () => {
    const { unmount } = panel();
    expect(screen.queryByRole('checkbox', { name: 'Tunnipõhine rent' })).toBeNull();
    unmount();

    panel(testProductDetails({ priceHour: 3 }));
    await tick(screen.getByRole('checkbox', { name: 'Tunnipõhine rent' }));
    fireEvent.click(day('14. detsember'));
    const start = screen.getByRole('combobox', { name: 'Algus' });
    expect(
      within(start)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['—', '08:00', '09:00', '10:00', '11:00', '12:00', '13:00', '14:00', '15:00', '16:00', '17:00']);
    fireEvent.change(start, { target: { value: '10' } });
    const end = screen.getByRole('combobox', { name: 'Lõpp' });
    expect(
      within(end)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['—', '11:00', '12:00', '13:00', '14:00', '15:00', '16:00', '17:00', '18:00']);
    fireEvent.change(end, { target: { value: '13' } });
    expect(screen.getByTestId('price-breakdown')).toHaveTextContent('Rent (3 tundi)');
    rent();
    expect(screen.getByTestId('where')).toHaveTextContent('/auth/rent-product/12?startD=2026-12-14&endD=2026-12-14&startH=10&endH=13');
  });

  it('offers no 03:00 on the spring DST night (28 March 2027, 03:00 → 04:00), for a start or a return', () => {
    const hours = (name: string) =>
      within(screen.getByRole('combobox', { name }))
        .getAllByRole('option')
        .map((o) => o.textContent);
    panel(testProductDetails({ priceHour: 3, startTs: '00:00', endTs: '24:00' }), '?from=2027-03-28T01:00&to=2027-03-28T02:00');
    expect(hours('Algus').slice(0, 5)).toEqual(['—', '00:00', '01:00', '02:00', '04:00']);
    expect(hours('Lõpp').slice(0, 3)).toEqual(['—', '02:00', '04:00']);
    // Real hours: 01:00 to 04:00 is two, 02:00 to 04:00 (the next hour on the clock) one.
    fireEvent.change(screen.getByRole('combobox', { name: 'Lõpp' }), { target: { value: '4' } });
    expect(screen.getByTestId('price-breakdown')).toHaveTextContent('Rent (2 tundi)');
    fireEvent.change(screen.getByRole('combobox', { name: 'Algus' }), { target: { value: '2' } });
    expect(screen.getByTestId('price-breakdown')).toHaveTextContent('Rent (1 tund)');
  });

  describe('opened from a dated search (issue 32)', () => {
    it('has the searched days picked and priced: Friday and Saturday, back Sunday at the opening hour', () => {
      panel(testProductDetails({ priceDaily: 10, threeDay: 9, weekendDay: 15, allowVat: true }), '?from=2026-12-11&to=2026-12-12');
      expect(day('11. detsember')).toHaveAttribute('aria-selected', 'true');
      expect(day('12. detsember')).toHaveAttribute('aria-selected', 'true');
      expect(screen.getByTestId('booking-period')).toHaveTextContent('Üleandmine 11.12 08:00, tagastamine 13.12 08:00');
      const breakdown = screen.getByTestId('price-breakdown');
      expect(breakdown).toHaveTextContent('Rent (2 päeva)');
      expect(within(breakdown).getByTestId('price-total')).toHaveTextContent(euros(3_100));
      rent();
      expect(screen.getByTestId('where')).toHaveTextContent('/auth/rent-product/12?startD=2026-12-11&endD=2026-12-13');
    });

    it('returns on the last searched day when the morning after is no rent day', () => {
      // Monday to Friday only: 14.12.2026 is a Monday, the Saturday after Friday 18.12 is closed.
      const weekdays = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY'] as ProductDetails['rentDays'];
      panel(testProductDetails({ rentDays: weekdays }), '?from=2026-12-14&to=2026-12-18');
      expect(screen.getByTestId('booking-period')).toHaveTextContent('Üleandmine 14.12 08:00, tagastamine 18.12 08:00');
      expect(screen.getByTestId('price-breakdown')).toHaveTextContent('Rent (4 päeva)');
      expect(screen.queryByTestId('period-refused')).toBeNull();
    });

    it('a one-day search is the same pick as a click on that day', () => {
      panel(testProductDetails(), '?from=2026-12-14&to=2026-12-14');
      expect(screen.getByTestId('booking-period')).toHaveTextContent('Üleandmine 14.12 08:00, tagastamine 15.12 08:00');
      expect(screen.getByTestId('price-breakdown')).toHaveTextContent('Rent (1 päev)');
    });

    it('searched hours open the hourly mode with those hours when the product is rented by the hour', () => {
      panel(testProductDetails({ priceHour: 3 }), '?from=2026-12-14T10:00&to=2026-12-14T13:00');
      expect(screen.getByRole('checkbox', { name: 'Tunnipõhine rent' })).toBeChecked();
      expect(screen.getByRole('combobox', { name: 'Algus' })).toHaveValue('10');
      expect(screen.getByRole('combobox', { name: 'Lõpp' })).toHaveValue('13');
      expect(screen.getByTestId('price-breakdown')).toHaveTextContent('Rent (3 tundi)');
      rent();
      expect(screen.getByTestId('where')).toHaveTextContent('/auth/rent-product/12?startD=2026-12-14&endD=2026-12-14&startH=10&endH=13');
    });

    it('a period the product is not free for is still chosen, and refused as the rent page refuses it', () => {
      const product = testProductDetails({
        reservations: [{ id: 1, startTs: '2026-12-14T06:00:00Z', endTs: '2026-12-15T06:00:00Z' }] as ProductDetails['reservations'],
      });
      panel(product, '?from=2026-12-14&to=2026-12-14');
      expect(screen.getByTestId('booking-period')).toHaveTextContent('Üleandmine 14.12 08:00');
      expect(day('14. detsember')).toHaveAccessibleName(/broneeritud/);
      expect(screen.getByTestId('period-refused')).toHaveTextContent('Toode on antud ajavahemikus juba broneeritud.');
      expect(screen.getByRole('button', { name: 'Rentima' })).toBeDisabled();
    });

    it('ignores a malformed or backwards period', () => {
      panel(testProductDetails(), '?from=2026-12-14&to=2026-12-10');
      expect(screen.queryByTestId('booking-period')).toBeNull();
      expect(screen.getByRole('button', { name: 'Rentima' })).toBeDisabled();
    });
  });
});
