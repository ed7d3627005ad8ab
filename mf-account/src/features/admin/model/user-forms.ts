import { z } from 'shared-kernel/zod';
import { AdminUserQuery, SuspendUserRequest } from 'shared-kernel/schemas';

/** The console's user search: the API's own rule for the search word. */
export const userSearchForm = z.object({ q: AdminUserQuery.shape.q });
export type UserSearchFormValues = z.input<typeof userSearchForm>;

/** A suspension's reason, checked as the API checks it. */
export const suspendForm = SuspendUserRequest;
export type SuspendFormValues = z.input<typeof suspendForm>;
