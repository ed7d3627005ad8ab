import { z } from 'shared-kernel/zod';
import { messages } from 'shared-kernel/messages';
import { toCents } from 'shared-kernel/domain';
import { WithdrawalRequest } from 'shared-kernel/schemas';
import { EuroAmountText } from '../../../components/euro-amount';

/** The withdrawal form for the current balance: more than the balance is refused before any call. */
export function withdrawalForm(balanceCents: number) {
  return z.object({
    amount: EuroAmountText.pipe(WithdrawalRequest.shape.amount).refine(
      (euros) => toCents(euros) <= balanceCents,
      messages.validation.insufficientFunds,
    ),
  });
}
export type WithdrawalFormValues = z.input<ReturnType<typeof withdrawalForm>>;
