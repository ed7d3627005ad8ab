import { z } from 'shared-kernel/zod';
import { messages } from 'shared-kernel/messages';
import { DepositRequest, PaymentInit } from 'shared-kernel/schemas';
import { EuroAmountText } from '../../../components/euro-amount';

/** The deposit form: a bank of the provider and an amount; submits as the kernel's `DepositRequest`. */
export const DepositForm = z
  .object({
    bank: z.string().trim().min(1, messages.validation.chooseBank),
    amount: EuroAmountText.pipe(PaymentInit.shape.amount),
  })
  .transform(({ bank, amount }) => DepositRequest.parse({ payment: { methodOptions: { preferredProvider: bank }, amount } }));
export type DepositFormValues = z.input<typeof DepositForm>;
