import { createRoot } from 'react-dom/client';
import { hydrate } from '@tanstack/react-query';
import { registerApplication } from 'single-spa';
import { BrowserRouter } from 'shared-kernel/router';
import { yieldToBrowser } from '../model/yield-to-browser';

/**
 * The libraries the start's first step evaluates (React's DOM client, the router, TanStack Query,
 * single-spa): named here so this module's import runs their module code, and the bundler cannot
 * drop them as unused.
 */
export const LIBRARIES = [createRoot, hydrate, registerApplication, BrowserRouter];

/**
 * The shell's start in steps of their own tasks (issue 28): this module's import evaluates the
 * first libraries; after a yield, the UI libraries (./ui-libraries: Chakra and Emotion through the
 * kernel's UI, the kernel's platform and session); after another, the shell's own code. Evaluated
 * together they were one task of about 160 ms under a phone's 4x slower CPU.
 *
 * Both later imports are `eager`: their modules are in this module's file, so every file, and
 * every shared module they consume, is requested with the first step (Module Federation fetches a
 * chunk's shared modules when the chunk loads) and each step only evaluates what is already here.
 */
export async function startShell(): Promise<void> {
  await yieldToBrowser();
  await import(/* webpackMode: "eager" */ './ui-libraries');
  await yieldToBrowser();
  await import(/* webpackMode: "eager" */ '../bootstrap');
}
