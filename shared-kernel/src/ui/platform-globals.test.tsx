/** @jest-environment node */
// The platform's global CSS as a file (platform-globals.css): the shell's index.html carries it, so
// no page computes and inserts it at start-up (ADR 0055). It must be exactly what Chakra's provider
// renders for the kernel's system, or a page would differ from a standalone slice's; a change to the
// system fails here until the file is written again:
//   cd shared-kernel && UPDATE_PLATFORM_GLOBALS=1 npx jest src/ui/platform-globals.test.tsx
import fs from 'node:fs';
import path from 'node:path';
import { QueryClient } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { PlatformProvider } from './platform-provider';

const FILE = path.join(__dirname, 'platform-globals.css');

/** The global style blocks the platform's provider renders on the server (Emotion writes them inline), in order. */
function renderedGlobals(): string[] {
  const html = renderToString(
    // Its own query client: the page's one needs a window, and this test runs as the server does.
    <PlatformProvider globalStyles queryClient={new QueryClient()}>
      <span />
    </PlatformProvider>,
  );
  return [...html.matchAll(/<style data-emotion="css-global [^"]+">([\s\S]*?)<\/style>/g)].map((m) => m[1]);
}

describe('platform-globals.css', () => {
  const blocks = renderedGlobals();

  it('is the layer order and the global styles of the kernel system, as the platform renders them', () => {
    if (process.env.UPDATE_PLATFORM_GLOBALS === '1') fs.writeFileSync(FILE, blocks.join('\n') + '\n');
    expect(blocks).toHaveLength(2);
    expect(blocks[0]).toBe('@layer reset,base,tokens,recipes;');
    expect(fs.readFileSync(FILE, 'utf8')).toBe(blocks.join('\n') + '\n');
  });

  it('holds the reset, the brand tokens and no dark mode', () => {
    const css = fs.readFileSync(FILE, 'utf8');
    expect(css).toMatch(/@layer reset\{html\{line-height:1\.5;/);
    expect(css).toContain('--chakra-colors-brand-500:#39C689');
    expect(css).toContain('--chakra-colors-brand-solid:var(--chakra-colors-brand-700)');
    expect(css).not.toMatch(/\.dark/);
    // Nothing that could close the <style> element it is written into.
    expect(css).not.toMatch(/<\/style/i);
  });
});
