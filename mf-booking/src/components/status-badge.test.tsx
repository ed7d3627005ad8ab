import { screen } from '@testing-library/react';
import { renderWithPlatform } from 'shared-kernel/testing';
import { ContractStatus, ReservationStatus } from 'shared-kernel/schemas';
import { StatusBadge } from './status-badge';

describe('StatusBadge', () => {
  it.each([
    ...ContractStatus.options.map((status) => ['contract', status] as const),
    ...ReservationStatus.options.map((status) => ['reservation', status] as const),
  ])('shows the %s status %s by an Estonian label, never its code', (kind, status) => {
    renderWithPlatform(<StatusBadge kind={kind} status={status} />);
    const badge = screen.getByText((_, el) => el?.getAttribute('data-status') === status);
    expect(badge.textContent).not.toBe('');
    expect(badge).not.toHaveTextContent(/[A-Z]{2,}|_|Teadmata olek/);
  });

  it("labels the issue 31 statuses: 'Toode käes, rent aktiivne', 'Tagastatud', 'Kaebus esitatud', 'Lahendatud'", () => {
    renderWithPlatform(
      <>
        <StatusBadge kind="contract" status="CAPTURED" />
        <StatusBadge kind="contract" status="RETURNED" />
        <StatusBadge kind="contract" status="APPEALED" />
        <StatusBadge kind="contract" status="SOLVED" />
        <StatusBadge kind="reservation" status="DECLINED_BY_SYSTEM" />
      </>,
    );
    for (const label of ['Toode käes, rent aktiivne', 'Tagastatud', 'Kaebus esitatud', 'Lahendatud', 'Aegunud'])
      expect(screen.getByText(label)).toBeInTheDocument();
  });
});
