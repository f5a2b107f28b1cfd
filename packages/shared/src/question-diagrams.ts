/**
 * Where a question's diagrams go (docs/decisions/040-question-diagrams.md). An author writes a marker on a
 * line of its own, `[[diagram 2]]` (or `[[চিত্র ২]]` in Bangla), for the question's second diagram; the
 * same numbers in both languages. A diagram that no marker names is shown below the text.
 */

import { fromBanglaDigits, toBanglaDigits } from './language.ts';

export const MAX_DIAGRAMS_PER_QUESTION = 6;

/** The longest side of a diagram as a phone's column shows it, and as it is zoomed. */
export const DIAGRAM_PHONE_SIDE_PX = 960;

/** A marker: `[[diagram N]]` or `[[চিত্র N]]`, N in Latin or Bangla digits. */
export const DIAGRAM_MARKER = /\[\[\s*(?:diagram|চিত্র)\s+([0-9০-৯]{1,2})\s*\]\]/giu;

const toNumber = (digits: string) => Number(fromBanglaDigits(digits));

/** The marker an author writes for diagram N (the Bangla word and digits for the Bangla text). */
export const diagramMarker = (n: number, lang: 'en' | 'bn' = 'en') =>
  lang === 'bn' ? `[[চিত্র ${toBanglaDigits(String(n))}]]` : `[[diagram ${n}]]`;

/** The diagram numbers a text names, each once, in the order they first appear. */
export function diagramMarkersOf(source: string): number[] {
  const found: number[] = [];
  for (const match of source.matchAll(DIAGRAM_MARKER)) {
    const n = toNumber(match[1] ?? '');
    if (!found.includes(n)) found.push(n);
  }
  return found;
}

/** Markers the English text has and the Bangla text lacks (the editor warns: the Bangla reader misses a diagram). */
export const markersMissingInBangla = (english: string, bangla: string) => {
  const inBangla = new Set(diagramMarkersOf(bangla));
  return diagramMarkersOf(english).filter((n) => !inBangla.has(n));
};

/** The first marker that names a diagram the question does not have, if any. */
export const unknownMarker = (source: string, diagrams: number) =>
  diagramMarkersOf(source).find((n) => n < 1 || n > diagrams);

/** The element the server's HTML holds where diagram N goes (the web page puts the image there). */
export const diagramSlot = (n: number) => `<figure data-diagram="${n}"></figure>`;
export const DIAGRAM_SLOT = /<figure data-diagram="(\d+)"><\/figure>/g;
