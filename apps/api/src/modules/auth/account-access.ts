import type { Executor } from '../../db/client.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { type AuditEntry, recordAudit } from '../audit/audit.service.ts';
import { deleteSessionsOfUser } from './auth.repo.ts';

/** A change to an account's access: whose, what the audit log says of it, and what else changes with it. */
export type AccessChange = {
  userId: string;
  /** The audit entry; its target is the account. */
  audit: Omit<AuditEntry, 'targetType' | 'targetId'>;
  /** What changes in the same transaction (a role, a second factor); nothing when only the sessions end. */
  change?: (tx: Executor) => Promise<unknown>;
  /** The token's hash of a session that stays: the one that made the change. */
  keepSession?: string;
};

/**
 * A change to an account's access, written once: in one transaction, the change, then every session of the
 * account ends (but the one kept), and the audit log records it.
 */
export async function changeAccountAccess(ctx: ServiceContext, access: AccessChange) {
  await ctx.db.transaction(async (tx) => {
    await access.change?.(tx);
    await deleteSessionsOfUser(tx, access.userId, access.keepSession);
    await recordAudit(tx, { ...access.audit, targetType: 'user', targetId: access.userId });
  });
}
