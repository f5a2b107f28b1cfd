import { describe, expect, it } from 'vitest';
import {
  clampPage,
  clampZoom,
  pageKey,
  readPosition,
  savePosition,
  zoomIn,
  zoomKey,
  zoomOut,
} from './viewer-state.ts';

describe('viewer limits', () => {
  it('zooms in and out by 10% between 50% and 300%', () => {
    const up: number[] = [];
    let zoom = 50;
    while (zoom < 300) {
      zoom = zoomIn(zoom);
      up.push(zoom);
    }
    expect(up).toEqual(Array.from({ length: 25 }, (_, i) => 60 + i * 10));
    expect(zoomIn(300)).toBe(300);
    expect(zoomOut(50)).toBe(50);
    expect(zoomOut(100)).toBe(90);
    expect(clampZoom(1000)).toBe(300);
    expect(clampZoom(10)).toBe(50);
    expect(clampZoom(Number.NaN)).toBe(100);
  });

  it('keeps the page between 1 and the page count', () => {
    expect(clampPage(0, 10)).toBe(1);
    expect(clampPage(11, 10)).toBe(10);
    expect(clampPage(5, 10)).toBe(5);
    expect(clampPage(Number.NaN, 10)).toBe(1);
  });

  it('remembers page and zoom per document, and reads stored values within the bounds', () => {
    expect(readPosition('book-1', 100)).toEqual({ page: 1, zoom: 100 });
    savePosition('book-1', { page: 5, zoom: 120 });
    expect(localStorage.getItem(pageKey('book-1'))).toBe('5');
    expect(localStorage.getItem(zoomKey('book-1'))).toBe('1.2');
    expect(readPosition('book-1', 100)).toEqual({ page: 5, zoom: 120 });
    expect(readPosition('book-2', 100)).toEqual({ page: 1, zoom: 100 });
    localStorage.setItem(pageKey('book-3'), '500');
    localStorage.setItem(zoomKey('book-3'), '9');
    expect(readPosition('book-3', 100)).toEqual({ page: 100, zoom: 300 });
    localStorage.setItem(pageKey('book-4'), 'x');
    expect(readPosition('book-4', 100).page).toBe(1);
  });
});
