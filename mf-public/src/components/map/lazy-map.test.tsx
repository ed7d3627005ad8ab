import { act, screen } from '@testing-library/react';
import { renderWithPlatform } from 'shared-kernel/testing';
import { LazyMap } from './lazy-map';

// OpenLayers itself is not the subject: the stub shows whether the map's chunk was asked for.
jest.mock('./ol-map', () => ({ __esModule: true, default: () => <div data-testid="ol-map-stub" /> }));

let observed: { callback: IntersectionObserverCallback; element?: Element }[] = [];
class FakeIntersectionObserver {
  constructor(private callback: IntersectionObserverCallback) {
    observed.push({ callback });
  }
  observe(element: Element) {
    observed[observed.length - 1].element = element;
  }
  disconnect() {}
}

const realMatchMedia = window.matchMedia;
beforeEach(() => {
  observed = [];
  // A desktop-wide screen: on very small screens the map is left out altogether.
  window.matchMedia = (query: string) => ({ ...realMatchMedia(query), matches: true });
  Object.defineProperty(window, 'IntersectionObserver', { value: FakeIntersectionObserver, configurable: true, writable: true });
});
afterEach(() => {
  window.matchMedia = realMatchMedia;
  delete (window as { IntersectionObserver?: unknown }).IntersectionObserver;
});

const point = { id: 1, title: 'Kajak', imageUrl: null, priceDaily: 20, lat: 59.43, lon: 24.75 };

test('with whenNearView the map is not loaded until its box comes near the viewport, and holds its height meanwhile', async () => {
  renderWithPlatform(<LazyMap whenNearView points={[point]} center={[59.43, 24.75]} zoom={11} height="280px" label="Asukoht" />);
  const placeholder = screen.getByTestId('map-placeholder');
  expect(placeholder).toHaveStyle({ height: '280px' });
  expect(screen.queryByTestId('ol-map-stub')).not.toBeInTheDocument();

  await act(async () => {
    observed[0].callback(
      [{ isIntersecting: true, target: placeholder } as unknown as IntersectionObserverEntry],
      {} as IntersectionObserver,
    );
  });
  expect(await screen.findByTestId('ol-map-stub')).toBeInTheDocument();
  expect(screen.queryByTestId('map-placeholder')).not.toBeInTheDocument();
});

test('without whenNearView the map loads at once', async () => {
  renderWithPlatform(<LazyMap points={[point]} center={[59.43, 24.75]} zoom={11} label="Asukoht" />);
  expect(await screen.findByTestId('ol-map-stub')).toBeInTheDocument();
  expect(observed).toHaveLength(0);
});
