import { widgets } from 'shared-kernel/platform';

/**
 * The widgets the shell itself renders (ADR 0039). Its build writes them, with their contract
 * versions, into shell-descriptor.json, and the publish gate refuses a release of the providing slice
 * that drops one or provides another version. The shell renders them through this object, so the
 * list is the code's.
 */
export const shellWidgets = { unreadBadges: widgets.unreadBadges } as const;
