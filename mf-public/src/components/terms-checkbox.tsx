import { CheckboxField, type FieldPath, type FieldValues } from 'shared-kernel/forms';
import { messages } from 'shared-kernel/messages';
import { Link } from 'shared-kernel/ui';
import { registrationTexts } from '../messages/registration';

/** 'Olen tingimustega tutvunud ja nõustun nendega'; the terms open in a new tab so the form keeps its values. */
export function TermsCheckbox<T extends FieldValues>({ name }: { name: FieldPath<T> }) {
  return (
    <CheckboxField<T> name={name} label={messages.validation.acceptTerms} required>
      <Link href="/public/usage" target="_blank" rel="noopener" color="brand.fg" fontSize="sm">
        ({registrationTexts.termsLink})
      </Link>
    </CheckboxField>
  );
}
