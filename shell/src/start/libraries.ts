import { createRoot } from 'react-dom/client';
import { hydrate } from '@tanstack/react-query';
import { registerApplication } from 'single-spa';
import { setPlatformHost } from 'shared-kernel/platform';
import { BrowserRouter } from 'shared-kernel/router';
import { loadSession } from 'shared-kernel/session';
import { PlatformProvider } from 'shared-kernel/ui';
import { yieldToBrowser } from '../model/yield-to-browser';

/**
 * The libraries the shell's start evaluates (React's DOM client, Chakra and Emotion through the
 * kernel's UI, the router, TanStack Query, single-spa, and the kernel's platform and session
 * singletons): named here so this module's import runs their module code, and the bundler cannot
 * drop them as unused. Every shared module the shell's own code uses is among them: a shared
 * module's files are requested when a chunk that consumes it loads, and `webpackPreload` below
 * preloads only the shell's own chunk, so one left out would be requested after the yield.
 */
export const LIBRARIES = [createRoot, hydrate, registerApplication, BrowserRouter, PlatformProvider, setPlatformHost, loadSession];

/**
 * The shell's start in two steps (issue 28): this module's import evaluates the libraries, and after
 * a yield the shell's own code is evaluated and run. Evaluated together they were one task of about
 * 200 ms under a phone's 4x slower CPU, the largest of the front page's start. The shell's files
 * are preloaded when this module's files are requested (`webpackPreload`), so the second step waits
 * for no request of its own.
 */
export async function startShell(): Promise<void> {
  await yieldToBrowser();
  await import(/* webpackPreload: true */ '../bootstrap');
}
