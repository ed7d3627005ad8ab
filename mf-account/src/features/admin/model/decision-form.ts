import { toCents } from 'shared-kernel/domain';
import { format } from 'shared-kernel/messages';
import { OperatorReason } from 'shared-kernel/schemas';
import { z } from 'shared-kernel/zod';
import { EuroAmountText } from '../../../components/euro-amount';
import { accountTexts } from '../../../messages/et';

/** The decision as typed (euros); answers cents. The refund cannot exceed what the renter paid. */
export function decisionForm(paidCents: number, paidText: string) {
  return z.object({
    penalty: EuroAmountText.transform(toCents),
    refund: EuroAmountText.transform(toCents).refine((cents) => cents <= paidCents, {
      message: format(accountTexts.admin.disputes.refundOverPaid, { amount: paidText }),
    }),
    reason: OperatorReason,
  });
}
export type DecisionFormValues = z.input<ReturnType<typeof decisionForm>>;
