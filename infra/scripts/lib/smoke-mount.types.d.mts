/** The sandbox API and test user the signed-in routes are mounted with (ADR 0039). */
export interface SignedIn {
  apiUrl: string;
  username: string;
  password: string;
}
