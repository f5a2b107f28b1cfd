import { describe, expect, it } from 'vitest';
import { orKept } from './use-kept-exam.ts';

const unreachable = { status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' };
const kept = { value: 'kept paper', ready: true };

describe('orKept: the copy this device kept, or the server answer', () => {
  it("shows the kept copy while the server's answer is on its way, then the answer", () => {
    expect(orKept(undefined, undefined, kept, true)).toMatchObject({ value: 'kept paper', fromDevice: true });
    expect(orKept('fresh paper', undefined, kept, false)).toMatchObject({
      value: 'fresh paper',
      fromDevice: false,
    });
  });

  it('waits (reading) while the kept copy is still read, and shows nothing from the device when none was kept', () => {
    expect(orKept(undefined, undefined, { value: undefined, ready: false }, true)).toMatchObject({
      value: undefined,
      reading: true,
    });
    expect(orKept(undefined, undefined, { value: undefined, ready: true }, true)).toMatchObject({
      value: undefined,
      fromDevice: false,
      reading: false,
    });
  });

  it('uses the kept copy when the server cannot be reached, never on a refusal', () => {
    expect(orKept(undefined, unreachable, kept)).toMatchObject({ value: 'kept paper', error: undefined });
    const refused = { status: 403, data: {} };
    expect(orKept(undefined, refused, kept)).toMatchObject({
      value: undefined,
      fromDevice: false,
      error: refused,
    });
  });
});
