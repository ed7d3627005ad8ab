const evaluated: string[] = [];
jest.mock('../bootstrap', () => {
  evaluated.push('shell code');
  return {};
});
let endTask: () => void = () => {};
jest.mock('../model/yield-to-browser', () => ({
  yieldToBrowser: () => new Promise<void>((resolve) => (endTask = resolve)),
}));

import { startShell } from './libraries';

it("evaluates the shell's own code only after the task that evaluated the libraries has ended", async () => {
  const started = startShell();
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(evaluated).toEqual([]);
  endTask();
  await started;
  expect(evaluated).toEqual(['shell code']);
});
