import type { QuestionImage } from '@ngso/shared/schemas/exam';
import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { QuestionDiagram } from './question-diagram.tsx';

type Slot = { number: number; element: HTMLElement };

/**
 * A question's text as the server rendered it: paragraphs, bold, italics, lists, a table, formulas as
 * MathML, which the browser draws itself (no math library, no math font on any page), and its diagrams
 * where the author's markers put them.
 *
 * Why `dangerouslySetInnerHTML` is safe here, and the only place in the app that uses it for a question: the
 * HTML never comes from this page or from what a user typed in it. It is written by the server's question
 * renderer (apps/api/src/modules/exam/question-text.ts) when an organiser saves a question: the author's
 * Markdown is rendered with raw HTML turned off, TeX goes through Temml without `trust`, and the result passes
 * a strict allow-list (sanitize-html: text formatting, table and MathML elements, an empty `figure` where a
 * diagram goes, no URLs, no event handlers, no style but a table cell's alignment). Its tests feed it script,
 * event handlers and `javascript:` links in both languages. Pass nothing else to this component.
 *
 * Diagrams are React's own (a button that zooms), drawn into the empty figures through portals. Those no
 * marker places follow the text when `unplacedDiagrams` is on (a page showing both languages turns it off
 * for the first, so they appear once, at the end).
 */
export function QuestionHtml({
  html,
  lang,
  images = [],
  unplacedDiagrams = true,
  className = '',
}: {
  html: string;
  lang: 'en' | 'bn';
  images?: readonly QuestionImage[];
  unplacedDiagrams?: boolean;
  className?: string;
}) {
  const textRef = useRef<HTMLDivElement>(null);
  const [slots, setSlots] = useState<Slot[]>([]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the figures are new whenever the HTML is
  useEffect(() => {
    const figures = textRef.current?.querySelectorAll<HTMLElement>('figure[data-diagram]') ?? [];
    setSlots(
      Array.from(figures, (element) => ({ number: Number(element.dataset.diagram), element })).filter(
        (slot) => slot.number >= 1 && slot.number <= images.length,
      ),
    );
  }, [html, images.length]);
  const placed = new Set(slots.map((slot) => slot.number));
  const unplaced = unplacedDiagrams ? images.filter((_, index) => !placed.has(index + 1)) : [];
  return (
    <div lang={lang} className={`question-html ${className}`}>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: server-sanitised question HTML, see above */}
      <div ref={textRef} dangerouslySetInnerHTML={{ __html: html }} />
      {slots.map((slot) => {
        const image = images[slot.number - 1];
        return image
          ? createPortal(
              <QuestionDiagram image={image} number={slot.number} lang={lang} />,
              slot.element,
              `${slot.number}-${image.id}`,
            )
          : null;
      })}
      {unplaced.map((image) => (
        <figure key={image.id} className="my-3">
          <QuestionDiagram image={image} number={images.indexOf(image) + 1} lang={lang} />
        </figure>
      ))}
    </div>
  );
}

/**
 * A question in both languages, English first, as the exam page, the editor's preview, the grading view and
 * the re-check view show it: each text with its diagrams in place, the unplaced ones once, at the end.
 */
export function BilingualQuestion({
  englishHtml,
  banglaHtml,
  images,
  englishClassName = '',
  banglaClassName = '',
}: {
  englishHtml: string;
  banglaHtml: string;
  images: readonly QuestionImage[];
  englishClassName?: string;
  banglaClassName?: string;
}) {
  return (
    <>
      <QuestionHtml
        lang="en"
        className={englishClassName}
        html={englishHtml}
        images={images}
        unplacedDiagrams={false}
      />
      <QuestionHtml lang="bn" className={banglaClassName} html={banglaHtml} images={images} />
    </>
  );
}
