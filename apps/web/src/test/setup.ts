import '@testing-library/jest-dom/vitest';
import '../i18n/i18n.ts';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, expect, vi } from 'vitest';

// jsdom does not implement scrolling; the app scrolls on navigation.
window.scrollTo = vi.fn() as typeof window.scrollTo;

let consoleError: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  consoleError = vi.spyOn(console, 'error');
});

afterEach(() => {
  cleanup();
  localStorage.clear();
  // As in the browser tests: an unexpected console.error fails the test.
  expect(consoleError, 'console.error was called').not.toHaveBeenCalled();
});
