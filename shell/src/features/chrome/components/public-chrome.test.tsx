import { screen } from '@testing-library/react';
import { renderWithPlatform } from 'shared-kernel/testing';
import { PublicFooter } from './public-footer';
import { PublicHeader } from './public-header';

describe('public header and footer', () => {
  it('name their navigation landmarks differently, so a screen reader can tell them apart (axe landmark-unique)', () => {
    renderWithPlatform(
      <>
        <PublicHeader signedIn={false} />
        <PublicFooter />
      </>,
    );
    const names = screen.getAllByRole('navigation', { hidden: true }).map((nav) => nav.getAttribute('aria-label'));
    expect(names).toEqual(['Menüü', 'Jaluse menüü']);
    expect(screen.getByRole('navigation', { name: 'Jaluse menüü' })).toHaveTextContent('Kasutustingimused');
  });
});
