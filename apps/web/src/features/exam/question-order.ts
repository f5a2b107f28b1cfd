/**
 * The order of the exam's questions, kept on the device while the exam is open: after the window the
 * questions are no longer served, and the success page still names each answer by its number.
 */
const key = (userId: string) => `ngso-exam-questions:${userId}`;

export function rememberQuestionOrder(userId: string, questionIds: readonly string[]): void {
  try {
    localStorage.setItem(key(userId), JSON.stringify(questionIds));
  } catch {
    // Storage full or refused: the success page then numbers the answers as they come.
  }
}

export function questionOrder(userId: string): string[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(key(userId)) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}
