import type { Exam } from '@ngso/shared/schemas/exam';
import { afterEach, describe, expect, it } from 'vitest';
import { paperQuestions } from '../../test/paper.ts';
import { clearStartHandover, handOverStart, peekStartHandover } from './start-handover.ts';

const exam: Exam = {
  category: 'junior',
  starts_at: '2025-01-14T17:00:00+06:00',
  ends_at: '2025-01-14T19:00:00+06:00',
  duration_minutes: 120,
  total_questions: 1,
  total_marks: 10,
  phase: 'DURING_EXAM',
  submitted_at: null,
  delivery_ends_at: '2025-01-14T20:00:00+06:00',
  paper_from: '2025-01-14T16:45:00+06:00',
};
const questions = paperQuestions.slice(0, 1);

afterEach(() => clearStartHandover());

describe('the start handover', () => {
  it("is the same student's, used once, and only in the minutes after the start", () => {
    handOverStart({ userId: 'u1', exam, questions, at: 1_000_000 });
    expect(peekStartHandover('u2', 1_000_500)).toBeNull();
    expect(peekStartHandover('u1', 1_000_500)?.questions).toEqual(questions);
    // Two minutes on, the exam page asks the server as usual.
    expect(peekStartHandover('u1', 1_000_000 + 2 * 60_000 + 1)).toBeNull();
    clearStartHandover();
    expect(peekStartHandover('u1', 1_000_500)).toBeNull();
  });
});
