import { act, fireEvent, screen } from '@testing-library/react';
import { renderWithPlatform as render } from 'shared-kernel/testing';
import { WhenNearView } from './when-near-view';

let observers: { callback: IntersectionObserverCallback; element?: Element; disconnected: boolean }[] = [];
class FakeIntersectionObserver {
  private entry: (typeof observers)[number];
  constructor(callback: IntersectionObserverCallback) {
    this.entry = { callback, disconnected: false };
    observers.push(this.entry);
  }
  observe(element: Element) {
    this.entry.element = element;
  }
  disconnect() {
    this.entry.disconnected = true;
  }
}

beforeEach(() => {
  observers = [];
  Object.defineProperty(window, 'IntersectionObserver', { value: FakeIntersectionObserver, configurable: true, writable: true });
});
afterEach(() => {
  delete (window as { IntersectionObserver?: unknown }).IntersectionObserver;
  jest.restoreAllMocks();
});

const panel = () => (
  <WhenNearView minH="24rem">
    <p>paneel</p>
  </WhenNearView>
);

test('holds a loading box of the given height until its box comes near the viewport', () => {
  render(panel());
  const box = screen.getByTestId('near-view-placeholder');
  expect(box).toHaveAttribute('aria-busy', 'true');
  expect(box).toHaveStyle({ minHeight: '24rem' });
  expect(screen.queryByText('paneel')).not.toBeInTheDocument();
  act(() =>
    observers[0].callback([{ isIntersecting: false, target: box } as unknown as IntersectionObserverEntry], {} as IntersectionObserver),
  );
  expect(screen.queryByText('paneel')).not.toBeInTheDocument();
  act(() =>
    observers[0].callback([{ isIntersecting: true, target: box } as unknown as IntersectionObserverEntry], {} as IntersectionObserver),
  );
  expect(screen.getByText('paneel')).toBeInTheDocument();
  expect(screen.queryByTestId('near-view-placeholder')).not.toBeInTheDocument();
});

test.each([
  ['a scroll', () => fireEvent.scroll(window)],
  ['a touch or click', () => fireEvent.pointerDown(document.body)],
  ['a key', () => fireEvent.keyDown(document.body, { key: 'Tab' })],
  ['the focus moving', () => fireEvent.focusIn(document.body)],
])('renders its children at %s anywhere on the page, even one stopped on its way up', (_what, engage) => {
  render(panel());
  // A dialog that stops propagation does not hide the visitor's move (the listeners capture).
  const stop = (e: Event) => e.stopPropagation();
  document.body.addEventListener('keydown', stop);
  document.body.addEventListener('pointerdown', stop);
  try {
    act(() => {
      engage();
    });
  } finally {
    document.body.removeEventListener('keydown', stop);
    document.body.removeEventListener('pointerdown', stop);
  }
  expect(screen.getByText('paneel')).toBeInTheDocument();
});

test('stops listening once it has rendered its children, and when it leaves the page', () => {
  const removed = jest.spyOn(window, 'removeEventListener');
  const { unmount } = render(panel());
  act(() => {
    fireEvent.scroll(window);
  });
  expect(screen.getByText('paneel')).toBeInTheDocument();
  const ours = () =>
    removed.mock.calls
      .map(([type]) => type)
      .filter((type) => ['scroll', 'pointerdown', 'keydown', 'focusin'].includes(type))
      .sort();
  expect(ours()).toEqual(['focusin', 'keydown', 'pointerdown', 'scroll']);
  removed.mockClear();
  unmount();
  render(panel()).unmount();
  expect(ours()).toEqual(['focusin', 'keydown', 'pointerdown', 'scroll']);
});

test('renders its children at once where there is no IntersectionObserver (the server)', () => {
  delete (window as { IntersectionObserver?: unknown }).IntersectionObserver;
  render(panel());
  expect(screen.getByText('paneel')).toBeInTheDocument();
});
