import { sql } from 'drizzle-orm';
import { answers, examAttempts, questions, registrations } from '../../db/schema.ts';

/**
 * Who took part in a category's exam: the one definition that the standings (categorySheet, and so grading,
 * results and certificates) and the dashboard's totals (totalsByCategory) both read. A participant is an
 * approved registration whose student submitted the exam (even with nothing answered) or has an answer to a
 * question of the registration's category that names at least one photo (counted from the moment the answer
 * names it, before the photo's bytes arrive). An exam attempt alone (extra minutes given) is not enough, nor
 * is an answer whose photos were all taken out.
 *
 * A condition on a row of `registrations`: the query reads that table without an alias.
 */
export const isParticipant = sql`(${registrations.status} = 'approved' and (
  exists (select 1 from ${examAttempts} pa
           where pa.competition_id = ${registrations.competitionId} and pa.user_id = ${registrations.userId}
             and pa.submitted_at is not null)
  or exists (select 1 from ${answers} pan join ${questions} pq on pq.id = pan.question_id
              where pan.user_id = ${registrations.userId} and pq.competition_id = ${registrations.competitionId}
                and pq.category = ${registrations.category} and jsonb_array_length(pan.images) > 0)
))`;
