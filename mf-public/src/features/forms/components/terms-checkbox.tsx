import { Checkbox, Flex, Link } from 'shared-kernel/ui';
import { messages } from 'shared-kernel/messages';

/** 'I have read and agree to the terms'; the terms open in a new tab so the form keeps its values. */
export function TermsCheckbox({ checked, onChange, name }: { checked: boolean; onChange: (checked: boolean) => void; name: string }) {
  return (
    <Flex gap={2} align="center" wrap="wrap">
      <Checkbox.Root checked={checked} onCheckedChange={(d) => onChange(d.checked === true)} colorPalette="brand" name={name}>
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label>{messages.validation.acceptTerms}</Checkbox.Label>
      </Checkbox.Root>
      <Link href="/public/usage" target="_blank" rel="noopener" color="brand.fg" fontSize="sm">
        ({messages.registration.termsLink})
      </Link>
    </Flex>
  );
}
