import { describe, expect, it } from 'vitest';
import { gradingActionFor } from './grading-keys.ts';

const press = (key: string, extra: Partial<Parameters<typeof gradingActionFor>[0]> = {}) =>
  gradingActionFor({ key, inField: false, ...extra });

describe('gradingActionFor', () => {
  it('moves with J/K and the arrow keys', () => {
    for (const key of ['j', 'J', 'ArrowRight', 'ArrowDown']) expect(press(key)).toEqual({ type: 'next' });
    for (const key of ['k', 'K', 'ArrowLeft', 'ArrowUp']) expect(press(key)).toEqual({ type: 'previous' });
  });

  it('saves with Enter, and a number key gives that many marks and saves', () => {
    expect(press('Enter')).toEqual({ type: 'save' });
    expect(press('0')).toEqual({ type: 'saveMarks', marks: 0 });
    expect(press('7')).toEqual({ type: 'saveMarks', marks: 7 });
  });

  it('with a rubric, ticks item 1 to 9 with keys 1 to 9 and gives no marks by key', () => {
    expect(press('1', { rubric: true })).toEqual({ type: 'tick', index: 0 });
    expect(press('9', { rubric: true })).toEqual({ type: 'tick', index: 8 });
    expect(press('0', { rubric: true })).toBeNull();
    expect(press('Enter', { rubric: true })).toEqual({ type: 'save' });
    expect(press('3', { rubric: true, inField: true })).toBeNull();
  });

  it('zooms, rotates and shows names', () => {
    expect(press('+')).toEqual({ type: 'zoomIn' });
    expect(press('=')).toEqual({ type: 'zoomIn' });
    expect(press('-')).toEqual({ type: 'zoomOut' });
    expect(press('r')).toEqual({ type: 'rotate' });
    expect(press('n')).toEqual({ type: 'toggleNames' });
  });

  it('leaves keys typed into a field to the field (Enter there submits the marks form)', () => {
    expect(press('7', { inField: true })).toBeNull();
    expect(press('j', { inField: true })).toBeNull();
    expect(press('ArrowLeft', { inField: true })).toBeNull();
    expect(press('Enter', { inField: true })).toBeNull();
  });

  it("leaves the browser's own shortcuts alone", () => {
    expect(press('r', { ctrlKey: true })).toBeNull();
    expect(press('k', { metaKey: true })).toBeNull();
    expect(press('ArrowLeft', { altKey: true })).toBeNull();
    expect(press('x')).toBeNull();
    expect(press('Tab')).toBeNull();
  });
});
