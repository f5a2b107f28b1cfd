import { describe, expect, it } from 'vitest';
import { dhakaLocalToIso, isoToDhakaLocal } from './dhaka-time.ts';

describe('exam times in Asia/Dhaka', () => {
  it('shows an instant as Dhaka local time whatever its offset', () => {
    expect(isoToDhakaLocal('2025-01-14T17:00:00+06:00')).toBe('2025-01-14T17:00');
    expect(isoToDhakaLocal('2025-01-14T11:00:00Z')).toBe('2025-01-14T17:00');
    expect(isoToDhakaLocal('2025-01-14T20:30:00.000Z')).toBe('2025-01-15T02:30');
  });

  it('sends Dhaka local time as ISO 8601 with +06:00', () => {
    expect(dhakaLocalToIso('2025-01-14T17:00')).toBe('2025-01-14T17:00:00+06:00');
    expect(Date.parse(dhakaLocalToIso('2025-01-14T17:00') ?? '')).toBe(Date.parse('2025-01-14T11:00:00Z'));
  });

  it('refuses incomplete or impossible values', () => {
    expect(dhakaLocalToIso('')).toBeNull();
    expect(dhakaLocalToIso('2025-01-14')).toBeNull();
    expect(dhakaLocalToIso('2025-02-30T10:00')).toBeNull();
    expect(dhakaLocalToIso('2025-01-14T24:00')).toBeNull();
    expect(dhakaLocalToIso('2025-1-14T17:00')).toBeNull();
    expect(dhakaLocalToIso('2025-01-14T17:00:00')).toBeNull();
    expect(dhakaLocalToIso('2025-01-14T17:0x')).toBeNull();
  });
});
