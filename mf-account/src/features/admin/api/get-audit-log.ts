import { queryOptions } from '@tanstack/react-query';
import { getApi } from 'shared-kernel/api';
import { AuditLog } from 'shared-kernel/schemas';

/** The operators' actions, newest first (admins only). */
export function getAuditLog(signal?: AbortSignal): Promise<AuditLog> {
  return getApi().get('/admin/audit-log', { schema: AuditLog, signal, forbiddenAlert: false });
}

export const auditLogQueryKey = ['admin', 'audit-log'] as const;

export function auditLogQueryOptions() {
  return queryOptions({ queryKey: auditLogQueryKey, queryFn: ({ signal }) => getAuditLog(signal) });
}
