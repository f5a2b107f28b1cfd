import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pickLanguage } from '../../../content/localised.ts';
import type { FaqItem } from '../../../content/schemas.ts';
import { answerBlocks } from './faq-answer.ts';

/**
 * The FAQ accordion (spec sections 2 and 4): nothing open at first, one question open at a time, and
 * clicking the open question closes it. Answers are in the page's HTML (hidden), for search engines.
 */
export function FaqAccordion({ items }: { items: readonly FaqItem[] }) {
  const { i18n } = useTranslation();
  const [openId, setOpenId] = useState<string | null>(null);
  const baseId = useId();

  return (
    <ul className="divide-y divide-slate-200 overflow-hidden rounded-2xl border border-slate-200 bg-white">
      {items.map((item) => {
        const open = item.id === openId;
        const buttonId = `${baseId}-${item.id}-q`;
        const panelId = `${baseId}-${item.id}-a`;
        return (
          <li key={item.id} data-testid="faq-item">
            <h3>
              <button
                type="button"
                id={buttonId}
                aria-expanded={open}
                aria-controls={panelId}
                onClick={() => setOpenId(open ? null : item.id)}
                className="flex min-h-11 w-full items-center justify-between gap-4 px-5 py-4 text-left font-semibold text-slate-900 hover:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-sky-600"
              >
                <span>{pickLanguage(item.question, i18n.language)}</span>
                <svg
                  viewBox="0 0 20 20"
                  className={`size-5 shrink-0 transition-transform motion-reduce:transition-none ${open ? 'rotate-180' : ''}`}
                  fill="currentColor"
                  aria-hidden="true"
                >
                  <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4Z" />
                </svg>
              </button>
            </h3>
            <section
              id={panelId}
              aria-labelledby={buttonId}
              hidden={!open}
              data-testid="faq-answer"
              className="space-y-2 px-5 pb-5 text-slate-700"
            >
              {answerBlocks(pickLanguage(item.answer, i18n.language)).map((block, i) =>
                block.kind === 'paragraph' ? (
                  // biome-ignore lint/suspicious/noArrayIndexKey: blocks of one fixed answer
                  <p key={i}>{block.text}</p>
                ) : (
                  // biome-ignore lint/suspicious/noArrayIndexKey: blocks of one fixed answer
                  <ul key={i} className="list-disc space-y-1 pl-5">
                    {block.items.map((text) => (
                      <li key={text}>{text}</li>
                    ))}
                  </ul>
                ),
              )}
            </section>
          </li>
        );
      })}
    </ul>
  );
}
