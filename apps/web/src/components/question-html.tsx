/**
 * A question's text as the server rendered it: paragraphs, bold, italics, lists, a table, and formulas as
 * MathML, which the browser draws itself (no math library, no math font on any page).
 *
 * Why `dangerouslySetInnerHTML` is safe here, and the only place in the app that uses it for a question: the
 * HTML never comes from this page or from what a user typed in it. It is written by the server's question
 * renderer (apps/api/src/modules/exam/question-text.ts) when an organiser saves a question: the author's
 * Markdown is rendered with raw HTML turned off, TeX goes through Temml without `trust`, and the result passes
 * a strict allow-list (sanitize-html: text formatting, table and MathML elements, no URLs, no event handlers,
 * no style but a table cell's alignment). Its tests feed it script, event handlers and `javascript:` links in
 * both languages. Pass nothing else to this component.
 */
export function QuestionHtml({
  html,
  lang,
  className = '',
}: {
  html: string;
  lang: 'en' | 'bn';
  className?: string;
}) {
  return (
    // biome-ignore lint/security/noDangerouslySetInnerHtml: server-sanitised question HTML, see above
    <div lang={lang} className={`question-html ${className}`} dangerouslySetInnerHTML={{ __html: html }} />
  );
}
