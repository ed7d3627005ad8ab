const evaluated: string[] = [];
jest.mock('./ui-libraries', () => {
  evaluated.push('UI libraries');
  return {};
});
jest.mock('../bootstrap', () => {
  evaluated.push('shell code');
  return {};
});
let endTask: () => void = () => {};
jest.mock('../model/yield-to-browser', () => ({
  yieldToBrowser: () => new Promise<void>((resolve) => (endTask = resolve)),
}));

import { startShell } from './libraries';

// The order only: that the later steps' files come with the first (their `eager` imports) is
// checked on the built pages by the perf-budget journey's script counts.
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

it('evaluates the UI libraries and then the shell code, each only after the previous task has ended', async () => {
  const started = startShell();
  await settle();
  expect(evaluated).toEqual([]);
  endTask();
  await settle();
  expect(evaluated).toEqual(['UI libraries']);
  endTask();
  await started;
  expect(evaluated).toEqual(['UI libraries', 'shell code']);
});
