import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import { loadNamespaces } from '../i18n/i18n.ts';
import { ALL_NAMESPACES } from '../i18n/namespaces.ts';

// Components are tested on their own, outside the routes that load their texts: load every namespace.
await loadNamespaces(ALL_NAMESPACES);

// Lazy routes load on the first render; on a busy 2-core CI machine that can take more than the default second.
configure({ asyncUtilTimeout: 5000 });

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
