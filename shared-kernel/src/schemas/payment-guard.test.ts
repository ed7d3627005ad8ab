import { fieldVariants, sameAsSchema, WRONG_TYPES } from '../guards/guard-table';
import { PaymentMethodList } from './payment';
import { PaymentMethodListGuard } from './payment-guard';

describe('the bank list guard', () => {
  it('decides, keeps and names problems exactly as the PaymentMethodList schema', () => {
    const bank = { code: 'SWED', name: 'Swedbank', logoUrl: 'https://example.com/swed.png' };
    const inputs: unknown[] = [...WRONG_TYPES, undefined, [], [bank], [bank, bank], ...fieldVariants(bank).map((b) => [bank, b])];
    for (const input of inputs) sameAsSchema(PaymentMethodList, PaymentMethodListGuard, input);
  });
});
