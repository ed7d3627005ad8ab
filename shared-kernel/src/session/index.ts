export {
  sessionStore,
  loadSession,
  refreshSession,
  setSessionUser,
  signOut,
  getSession,
  useSession,
  useDerivedSession,
  SESSION_PATH,
  LOGOUT_PATH,
} from './session-store';
export type { SessionState, SessionStatus } from './session-store';
export { deriveSession } from './derive-session';
export type { DerivedSession } from './derive-session';
export type { SessionUser, SessionContactInfo, ContactInfoType } from './session-user';
