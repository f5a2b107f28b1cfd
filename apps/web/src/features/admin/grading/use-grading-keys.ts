import { type RefObject, useEffect, useRef } from 'react';
import { type GradingAction, gradingActionFor } from './grading-keys.ts';

const FIELD_TAGS = new Set(['INPUT', 'TEXTAREA', 'SELECT']);
/** Controls whose own action Enter and Space are (a details' summary opens and closes it). */
const CONTROL_TAGS = new Set(['BUTTON', 'A', 'SUMMARY']);

/**
 * Runs the grading shortcuts (gradingActionFor) on the keys pressed: on the whole page, or, with `scope`,
 * only on keys pressed while the focus is inside that element (the second marks' panel, beside the page's
 * own answer). A key a scope took is marked handled, so the page never acts on it too.
 */
export function useGradingKeys(
  onAction: (action: GradingAction) => void,
  options: { rubric: boolean; scope?: RefObject<HTMLElement | null> },
) {
  const handler = useRef(onAction);
  handler.current = onAction;
  const { rubric, scope } = options;
  useEffect(() => {
    const target = scope ? scope.current : document;
    if (!target) return;
    const onKeyDown = (event: Event) => {
      if (!(event instanceof KeyboardEvent)) return;
      if (event.defaultPrevented || document.querySelector('dialog[open]')) return;
      const element = event.target as HTMLElement | null;
      const tag = element?.tagName ?? '';
      if (CONTROL_TAGS.has(tag) && (event.key === 'Enter' || event.key === ' ')) return;
      const action = gradingActionFor({
        key: event.key,
        ctrlKey: event.ctrlKey,
        metaKey: event.metaKey,
        altKey: event.altKey,
        inField: FIELD_TAGS.has(tag) || Boolean(element?.isContentEditable),
        rubric,
      });
      if (!action) return;
      event.preventDefault();
      handler.current(action);
    };
    target.addEventListener('keydown', onKeyDown);
    return () => target.removeEventListener('keydown', onKeyDown);
  }, [rubric, scope]);
}
