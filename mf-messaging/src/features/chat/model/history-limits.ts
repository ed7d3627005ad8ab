/** Owner spec 9: the chat shows the last 6 messages; 'Lae kogu ajalugu' loads up to 100. */
export const THREAD_LIMIT = 6;
export const FULL_HISTORY_LIMIT = 100;
