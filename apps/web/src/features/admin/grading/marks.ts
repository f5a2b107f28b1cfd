export type MarksCheck = { ok: true; marks: number } | { ok: false; error: 'required' | 'whole' | 'range' };

/**
 * Reads the marks typed for an answer: a whole number from 0 to the question's marks (`max`, when the
 * console knows it; the server checks again and its message is shown).
 */
export function checkMarks(raw: string, max: number | null): MarksCheck {
  const text = raw.trim();
  if (text === '') return { ok: false, error: 'required' };
  if (!/^-?\d+$/.test(text)) return { ok: false, error: 'whole' };
  const marks = Number(text);
  if (marks < 0 || (max !== null && marks > max)) return { ok: false, error: 'range' };
  return { ok: true, marks };
}
