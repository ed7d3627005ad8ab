import { getApi } from 'shared-kernel/api';

/** `GET /reservations/hash/{hash}/contract/document`: the contract PDF, a plain download link. */
export function bookedContractDocumentUrl(hash: string): string {
  return `${getApi().baseUrl}/reservations/hash/${encodeURIComponent(hash)}/contract/document`;
}
