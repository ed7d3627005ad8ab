import { screen, within } from '@testing-library/react';
import { renderWithPlatform } from 'shared-kernel/testing';
import { CategoryChips, CategoryCircles, CategoryTiles } from './category-links';

// Emoji pictographs (and the variation selector that follows some of them).
const EMOJI = /[\p{Extended_Pictographic}\uFE0F]/u;

describe.each([
  ['category-chips', CategoryChips, 6],
  ['category-tiles', CategoryTiles, 7],
  ['category-circles', CategoryCircles, 7],
])('%s', (testId, Links, count) => {
  it('draws each category icon as an SVG beside a plain-text label, with no emoji', () => {
    renderWithPlatform(<Links />);
    const links = within(screen.getByTestId(testId)).getAllByRole('link');
    expect(links).toHaveLength(count);
    for (const link of links) {
      const svg = link.querySelector('svg');
      expect(svg).not.toBeNull();
      expect(svg).toHaveAttribute('aria-hidden', 'true');
      expect(svg!.querySelector('path, circle, rect')).not.toBeNull();
      expect(link.textContent).not.toMatch(EMOJI);
      // The accessible name is the label alone, so a screen reader does not read the picture.
      expect(link).toHaveAccessibleName(link.textContent!.trim());
    }
  });
});
