import type { Executor } from '../../db/client.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { isUuid } from '../../lib/ids.ts';
import { toDhakaIso } from '../../lib/time.ts';
import { type AuditEntry, insertAuditEntry, listAudit } from './audit.repo.ts';

export type { AuditEntry };

/** Records what a member of staff (or an operator's tool) did, in the caller's transaction when given one. */
export function recordAudit(db: Executor, entry: AuditEntry) {
  return insertAuditEntry(db, entry);
}

/** One page of the audit log, newest first; an actor that is not a user id finds nothing. */
export async function auditEntries(
  ctx: ServiceContext,
  filter: { actor?: string; action?: string },
  page: number,
  perPage: number,
) {
  const actorId = filter.actor && isUuid(filter.actor) ? filter.actor : undefined;
  if (filter.actor && !actorId) return { data: [], meta: { page, per_page: perPage, total: 0 } };
  const { rows, total } = await listAudit(ctx.db, { actorId, action: filter.action }, page, perPage);
  return {
    data: rows.map(({ entry, actorEmail }) => ({
      id: entry.id,
      actor_id: entry.actorId,
      actor_email: actorEmail,
      action: entry.action,
      target_type: entry.targetType,
      target_id: entry.targetId,
      before: entry.before,
      after: entry.after,
      created_at: toDhakaIso(entry.createdAt),
    })),
    meta: { page, per_page: perPage, total },
  };
}
