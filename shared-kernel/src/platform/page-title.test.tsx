import { act, render } from '@testing-library/react';
import { useState } from 'react';
import { emit } from '../events/event-bus';
import { followUnreadInTitle, PageTitle, usePageTitle } from './page-title';

function ProductName({ name }: { name: string | null }) {
  usePageTitle(name);
  return null;
}

describe('page titles', () => {
  it('names the tab after the route and goes back to the site title when it unmounts', () => {
    const { unmount } = render(<PageTitle title="Korduma kippuvad küsimused" />);
    expect(document.title).toBe('Korduma kippuvad küsimused | Rendime');
    unmount();
    expect(document.title).toBe('Rendime – rendi ja anna rendile');
  });

  it("lets a page's own title beat its route's, even when both are set in one render", () => {
    const { rerender } = render(
      <PageTitle title="Toode">
        <ProductName name="Rääsilla kardisõit" />
      </PageTitle>,
    );
    expect(document.title).toBe('Rääsilla kardisõit | Rendime');
    rerender(
      <PageTitle title="Toode">
        <ProductName name={null} />
      </PageTitle>,
    );
    expect(document.title).toBe('Toode | Rendime');
  });

  it('follows navigation from one route to another', () => {
    let go: (page: 'home' | 'search') => void = () => undefined;
    function Router() {
      const [page, setPage] = useState<'home' | 'search'>('home');
      go = setPage;
      return page === 'home' ? <PageTitle key="home" title="Avaleht" /> : <PageTitle key="search" title="Toote otsing" />;
    }
    render(<Router />);
    expect(document.title).toBe('Avaleht | Rendime');
    act(() => go('search'));
    expect(document.title).toBe('Toote otsing | Rendime');
  });

  it('puts the unread count in front of whatever page is open, and drops it on sign-out', () => {
    const stop = followUnreadInTitle();
    const { rerender } = render(<PageTitle title="Sõnumid" />);
    act(() => void emit('unread-counts-changed', { messages: 2, notifications: 1 }));
    expect(document.title).toBe('(3) Sõnumid | Rendime');
    rerender(<PageTitle title="Toode" />);
    expect(document.title).toBe('(3) Toode | Rendime');
    act(() => void emit('unread-counts-changed', { messages: 0, notifications: 1 }));
    expect(document.title).toBe('(1) Toode | Rendime');
    act(() => void emit('session-changed', { user: null }));
    expect(document.title).toBe('Toode | Rendime');
    stop();
    act(() => void emit('unread-counts-changed', { messages: 0, notifications: 0 }));
  });
});
