import { describe, expect, it } from 'vitest';
import { hasUnsavedWork, registerUnsavedWork } from './unsaved-work.ts';

describe('unsaved work', () => {
  it('is reported while a registered check says so, and not after it is removed', () => {
    let waiting = true;
    const unregister = registerUnsavedWork(() => waiting);
    expect(hasUnsavedWork()).toBe(true);
    waiting = false;
    expect(hasUnsavedWork()).toBe(false);
    waiting = true;
    unregister();
    expect(hasUnsavedWork()).toBe(false);
  });
});
