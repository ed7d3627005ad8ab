import { getApi } from 'shared-kernel/api';

/**
 * `GET /contracts/document/{id}`: the contract PDF. A plain link, not a query: the browser
 * downloads it with the session cookie, and the server decides who may read it.
 */
export function contractDocumentUrl(id: number): string {
  return `${getApi().baseUrl}/contracts/document/${id}`;
}
