import { render, screen } from '@testing-library/react';
import { Box, hostGlobalStyles, PlatformProvider } from './index';

/** A style sheet's rules as text (Emotion inserts rules, not text, into its style elements). */
const sheetCss = (sheet: CSSStyleSheet) => [...sheet.cssRules].map((r) => r.cssText).join('\n');
/** The style sheets on the page that define Chakra's tokens (its global styles: reset, tokens, base). */
const globalBlocks = () => [...document.styleSheets].filter((sheet) => sheetCss(sheet).includes('--chakra-colors-brand-500:'));
const pageCss = () => [...document.styleSheets].map(sheetCss).join('\n');

describe('PlatformProvider', () => {
  it('gives the page light-mode tokens only, without the palettes no page uses', () => {
    const { unmount } = render(
      <PlatformProvider>
        <Box>Rendime</Box>
      </PlatformProvider>,
    );
    const css = pageCss();
    expect(css).toMatch(/--chakra-colors-brand-solid:\s*var\(--chakra-colors-brand-700\)/);
    expect(css).toMatch(/--chakra-colors-bg-error:\s*var\(--chakra-colors-red-50\)/);
    // The dark mode needs a `dark` class no page sets; its variables were built for nothing.
    expect(css).not.toMatch(/\.dark/);
    expect(css).not.toMatch(/--chakra-colors-(pink|purple|teal|cyan|yellow)-/);
    unmount();
  });

  it('renders the global styles in every root until a host renders them for the page, then only in its own root', () => {
    // A slice on its own (standalone, the owner widget): each root has its styles.
    const a = render(<PlatformProvider>slice</PlatformProvider>);
    expect(globalBlocks()).toHaveLength(1);
    a.unmount();
    expect(globalBlocks()).toHaveLength(0);

    // Inside the shell: the chrome's root has them once; a slice's and a status's roots add none.
    hostGlobalStyles();
    render(<PlatformProvider globalStyles>chrome</PlatformProvider>);
    render(
      <PlatformProvider>
        <Box data-testid="slice" bg="brand.500">
          slice
        </Box>
      </PlatformProvider>,
    );
    render(<PlatformProvider>status</PlatformProvider>);
    expect(globalBlocks()).toHaveLength(1);
    // The slice's root still styles with the page's system (its own class rules are inserted).
    expect(pageCss()).toMatch(/background:\s*var\(--chakra-colors-brand-500\)/);
    expect(screen.getByTestId('slice').className).toMatch(/css-/);
  });
});
