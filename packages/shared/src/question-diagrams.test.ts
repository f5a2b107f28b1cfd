import { describe, expect, it } from 'vitest';
import {
  diagramMarker,
  diagramMarkersOf,
  markersMissingInBangla,
  unknownMarker,
} from './question-diagrams.ts';

describe('diagram markers', () => {
  it('reads [[diagram N]] and [[চিত্র N]], Latin or Bangla digits, each number once in order', () => {
    expect(diagramMarkersOf('See [[diagram 2]], then [[ চিত্র ১ ]] and [[Diagram 2]] again.')).toEqual([2, 1]);
    expect(diagramMarkersOf('[[diagram]] [diagram 1] [[picture 1]]')).toEqual([]);
  });

  it('names the markers the Bangla text lacks, and a marker for a diagram the question does not have', () => {
    expect(markersMissingInBangla('[[diagram 1]] [[diagram 2]]', '[[চিত্র ২]]')).toEqual([1]);
    expect(markersMissingInBangla('[[diagram 1]]', '[[চিত্র ১]]')).toEqual([]);
    expect(unknownMarker('[[diagram 1]] [[diagram 3]]', 2)).toBe(3);
    expect(unknownMarker('[[diagram 0]]', 2)).toBe(0);
    expect(unknownMarker('[[diagram 2]]', 2)).toBeUndefined();
  });

  it('writes the marker an author types, in either language', () => {
    expect(diagramMarker(2)).toBe('[[diagram 2]]');
    expect(diagramMarker(12, 'bn')).toBe('[[চিত্র ১২]]');
    expect(diagramMarkersOf(diagramMarker(12, 'bn'))).toEqual([12]);
  });
});
