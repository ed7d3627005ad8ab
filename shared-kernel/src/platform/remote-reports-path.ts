/** POST path of the report (the shell's `/api` prefix in front); GET of the same path is the admin list. */
export const REMOTE_REPORTS_PATH = '/platform/remote-reports';
