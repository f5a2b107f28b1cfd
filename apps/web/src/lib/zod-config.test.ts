import { expect, it } from 'vitest';
import './zod-config.ts';
import { config } from 'zod';

it('turns off zod’s compiled parsers (and with them its eval probe, which the CSP reports)', () => {
  expect(config().jitless).toBe(true);
});
