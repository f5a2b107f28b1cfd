import { describe, expect, it } from 'vitest';
import { minutesToSend, segmentOf, segmentValue, segmentValues } from './segment.ts';

describe('the segment of the announcement form', () => {
  it('is everyone without a value, and the others only with a value of their list', () => {
    expect(segmentOf({ kind: 'everyone', value: '' })).toEqual({ kind: 'everyone' });
    expect(segmentOf({ kind: '', value: '' })).toBeNull();
    expect(segmentOf({ kind: 'category', value: '' })).toBeNull();
    expect(segmentOf({ kind: 'category', value: 'senior' })).toEqual({
      kind: 'category',
      category: 'senior',
    });
    expect(segmentOf({ kind: 'status', value: 'approved' })).toEqual({ kind: 'status', status: 'approved' });
    expect(segmentOf({ kind: 'status', value: 'senior' })).toBeNull();
    expect(segmentOf({ kind: 'division', value: 'Sylhet' })).toEqual({
      kind: 'division',
      division: 'Sylhet',
    });
    expect(segmentOf({ kind: 'division', value: 'Atlantis' })).toBeNull();
    expect(segmentOf({ kind: 'pickup', value: 'Dhaka — Farmgate' })).toEqual({
      kind: 'pickup',
      pickup_spot: 'Dhaka — Farmgate',
    });
    expect(segmentOf({ kind: 'pickup', value: 'own' })).toEqual({ kind: 'pickup', pickup_spot: 'own' });
  });

  it('offers the values of each kind', () => {
    expect(segmentValues('category')).toEqual(['junior', 'senior', 'secondary']);
    expect(segmentValues('status')).toEqual(['pending', 'approved', 'rejected']);
    expect(segmentValues('division')).toHaveLength(8);
    expect(segmentValues('pickup').at(-1)).toBe('own');
    expect(segmentValues('everyone')).toEqual([]);
  });

  it('describes a sent segment by its value, and tells how long its mails take', () => {
    expect(segmentValue({ kind: 'everyone' })).toBeNull();
    expect(segmentValue({ kind: 'division', division: 'Khulna' })).toBe('Khulna');
    expect(minutesToSend(20_000, 600)).toBe(34);
    expect(minutesToSend(3, 60)).toBe(1);
  });
});
