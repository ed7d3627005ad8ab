import { z } from 'shared-kernel/zod';
import { messages } from 'shared-kernel/messages';
import { toCents } from 'shared-kernel/domain';
import type { Contract } from 'shared-kernel/schemas';

/** The unpaid contracts ticked for paying or cancelling; both need at least one. */
export const PaySelectionForm = z.object({
  contractIds: z.array(z.number().int()).min(1, messages.validation.chooseContracts),
});
export type PaySelectionValues = z.input<typeof PaySelectionForm>;

/** The `contracts` query parameter (comma-separated ids), kept to the ids that are unpaid now. */
export function preselectedContracts(param: string | null, unpaid: readonly Contract[]): number[] {
  if (!param) return [];
  const wanted = new Set(param.split(',').map((part) => Number(part.trim())));
  return unpaid.filter((c) => wanted.has(c.id)).map((c) => c.id);
}

/** What a contract costs the renter, in cents. */
export function contractTotalCents(contract: Contract): number {
  return toCents(contract.price.total);
}

export function selectionTotalCents(unpaid: readonly Contract[], ids: readonly number[]): number {
  const chosen = new Set(ids);
  return unpaid.filter((c) => chosen.has(c.id)).reduce((sum, c) => sum + contractTotalCents(c), 0);
}
