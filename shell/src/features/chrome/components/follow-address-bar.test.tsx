import { act, render, screen } from '@testing-library/react';
import { BrowserRouter, useLocation } from 'shared-kernel/router';
import { FollowAddressBar } from './follow-address-bar';

function Shown() {
  const location = useLocation();
  return <p data-testid="shown">{location.pathname + location.search}</p>;
}

/** A router showing its location, followed by the address bar after 500 ms. */
const renderFollowing = () =>
  render(
    <BrowserRouter>
      <Shown />
      <FollowAddressBar settleMs={500} />
    </BrowserRouter>,
  );

describe("the chrome's router and the address bar", () => {
  beforeEach(() => {
    jest.useFakeTimers();
    window.history.replaceState(null, '', '/auth/my-rentals');
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  it('catches up with an address change the router missed, after the settle time', () => {
    renderFollowing();
    expect(screen.getByTestId('shown')).toHaveTextContent('/auth/my-rentals');
    // Changed under the router's feet: no popstate reaches its listener.
    window.history.replaceState(null, '', '/public/login?goto=%2Fauth%2Fmy-rentals');
    act(() => {
      window.dispatchEvent(new Event('single-spa:routing-event'));
    });
    act(() => {
      jest.advanceTimersByTime(499);
    });
    expect(screen.getByTestId('shown')).toHaveTextContent('/auth/my-rentals');
    act(() => {
      jest.advanceTimersByTime(1);
    });
    expect(screen.getByTestId('shown')).toHaveTextContent('/public/login?goto=%2Fauth%2Fmy-rentals');
    expect(window.location.pathname + window.location.search).toBe('/public/login?goto=%2Fauth%2Fmy-rentals');
  });

  it('leaves a router that follows the address alone (no extra history entry, no replace)', () => {
    renderFollowing();
    const replace = jest.spyOn(window.history, 'replaceState');
    act(() => {
      jest.advanceTimersByTime(2_000);
    });
    expect(replace).not.toHaveBeenCalled();
    replace.mockRestore();
  });
});
