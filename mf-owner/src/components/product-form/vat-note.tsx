import { Text } from 'shared-kernel/ui';
import { ownerVatBpOn } from 'shared-kernel/domain';
import { format } from 'shared-kernel/messages';
import { ownerTexts } from '../../messages/et';
import type { Owner } from './model/product-form-model';

/**
 * 'Hinnad sisesta koos käibemaksuga (KM 24%).' for a VAT-liable owner: every price of the wizard
 * (tiers and services) is typed and shown with VAT and stored net (kernel `ownerPriceCents`).
 */
export function VatNote({ owner }: { owner: Owner }) {
  if (!owner.allowVat) return null;
  return (
    <Text color="gray.600" data-testid="vat-note">
      {format(ownerTexts.wizard.vatNote, { rate: ownerVatBpOn(true) / 100 })}
    </Text>
  );
}
