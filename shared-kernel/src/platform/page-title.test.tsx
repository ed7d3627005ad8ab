import { act, render } from '@testing-library/react';
import { useState } from 'react';
import { PageTitle, usePageTitle } from './page-title';

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
});
