import { getApi } from 'shared-kernel/api';

/** `GET /reservations/hash/{hash}/contract/document`: the contract PDF of a request, as a plain download link. */
export function contractDocumentUrlByHash(hash: string): string {
  return `${getApi().baseUrl}/reservations/hash/${encodeURIComponent(hash)}/contract/document`;
}
