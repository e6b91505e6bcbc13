// Shared by every vitest project: an unexpected console.error fails the test that caused it
// (conventions: tests fail on unexpected console.error).
import { afterEach, vi } from 'vitest';

const errors: unknown[][] = [];
const original = console.error;

console.error = (...args: unknown[]) => {
  errors.push(args);
  original(...args);
};

afterEach(() => {
  if (errors.length > 0) {
    const first = errors[0];
    errors.length = 0;
    throw new Error(`console.error was called: ${String(first?.[0])}`);
  }
});

export { vi };
