// A clean test log is part of the contract: an act() warning or a logged error is a bug the test
// did not see, so any console.error or console.warn fails the test that caused it. A test that
// expects a log says so with jest.spyOn(console, 'error').mockImplementation(...) and asserts on it.
const { format } = require('node:util');

const seen = [];
for (const level of ['error', 'warn']) {
  const original = console[level];
  console[level] = (...args) => {
    seen.push(`console.${level}: ${format(...args)}`);
    original.apply(console, args);
  };
}

function failOnLogs(when) {
  if (seen.length === 0) return;
  const logs = seen.splice(0);
  throw new Error(`${when} logged ${logs.length} unexpected console message(s):\n\n${logs.join('\n\n')}`);
}

afterEach(() => failOnLogs('This test'));
afterAll(() => failOnLogs('This file (outside a test)'));
