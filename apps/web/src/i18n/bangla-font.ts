/**
 * Which of the two Bangla faces (bangla-font.css) the page's own text uses: the `optional` one only for a
 * pre-rendered page as it first paints, where a late font must not shift it; `swap` from the moment the
 * app draws a page itself (the empty shell) or the language is switched, when the text is new anyway.
 */
export function swapBanglaFont(): void {
  document.documentElement.dataset.banglaFont = 'swap';
}
