export type GradingAction =
  | { type: 'next' }
  | { type: 'previous' }
  | { type: 'save' }
  | { type: 'saveMarks'; marks: number }
  | { type: 'tick'; index: number }
  | { type: 'zoomIn' }
  | { type: 'zoomOut' }
  | { type: 'rotate' }
  | { type: 'toggleNames' };

export type KeyInput = {
  key: string;
  ctrlKey?: boolean;
  metaKey?: boolean;
  altKey?: boolean;
  /** True while the focus is in a field, where keys type text instead (Enter submits the marks form). */
  inField: boolean;
  /** True when the question has a rubric: keys 1 to 9 tick its items instead of giving marks. */
  rubric?: boolean;
};

/**
 * The grading screen's keyboard shortcuts: J or ArrowRight/ArrowDown for the next answer, K or
 * ArrowLeft/ArrowUp for the previous one, a number key to give that many marks and save, Enter to save,
 * + and - to zoom, R to rotate, N to show or hide names. With a rubric, 1 to 9 tick or untick its items. Keys typed into a field stay in the field
 * (Enter in the marks input submits its form); shortcuts with Ctrl, Cmd or Alt are the browser's.
 */
export function gradingActionFor(input: KeyInput): GradingAction | null {
  if (input.ctrlKey || input.metaKey || input.altKey) return null;
  if (input.inField) return null;
  switch (input.key) {
    case 'j':
    case 'J':
    case 'ArrowRight':
    case 'ArrowDown':
      return { type: 'next' };
    case 'k':
    case 'K':
    case 'ArrowLeft':
    case 'ArrowUp':
      return { type: 'previous' };
    case 'Enter':
      return { type: 'save' };
    case '+':
    case '=':
      return { type: 'zoomIn' };
    case '-':
      return { type: 'zoomOut' };
    case 'r':
    case 'R':
      return { type: 'rotate' };
    case 'n':
    case 'N':
      return { type: 'toggleNames' };
    default:
      if (input.rubric)
        return /^[1-9]$/.test(input.key) ? { type: 'tick', index: Number(input.key) - 1 } : null;
      return /^[0-9]$/.test(input.key) ? { type: 'saveMarks', marks: Number(input.key) } : null;
  }
}
