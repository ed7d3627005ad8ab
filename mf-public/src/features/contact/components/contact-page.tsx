import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Button, Stack, Text } from 'shared-kernel/ui';
import { TIMINGS, validateEmail, validateRequired } from 'shared-kernel/domain';
import { messages } from 'shared-kernel/messages';
import { TextField } from '../../forms/components/text-field';
import { firstError, hasErrors, useTouched } from '../../forms/hooks/use-touched';
import { TextPage } from '../../static-pages/components/text-page';
import { sendContactMessage } from '../api/send-contact-message';

type Field = 'name' | 'email' | 'content';
const FIELDS: readonly Field[] = ['name', 'email', 'content'];
const t = messages.publicSite;

export function ContactPage({ reload = () => window.location.reload() }: { reload?: () => void }) {
  const [values, setValues] = useState<Record<Field, string>>({ name: '', email: '', content: '' });
  const [state, setState] = useState<'idle' | 'sending' | 'sent' | 'failed'>('idle');
  const { touch, touchAll, shown } = useTouched<Field>();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const errors: Record<Field, string | undefined> = {
    name: undefined,
    email: firstError(validateRequired(values.email), validateEmail(values.email)),
    content: validateRequired(values.content),
  };
  const set = (f: Field) => (v: string) => setValues((s) => ({ ...s, [f]: v }));

  async function submit(e: FormEvent) {
    e.preventDefault();
    touchAll(FIELDS);
    if (hasErrors(errors) || state === 'sending') return;
    setState('sending');
    try {
      await sendContactMessage({ content: values.content.trim(), name: values.name.trim(), email: values.email.trim() });
      setState('sent');
      timer.current = setTimeout(reload, TIMINGS.reloadAfterSuccessMs);
    } catch {
      setState('failed');
    }
  }

  return (
    <TextPage title={t.contactTitle} subtitle={t.contactIntro} testId="contact-page">
      <form onSubmit={submit} noValidate aria-label={t.contactTitle}>
        <Stack gap={4} maxW="xl">
          <TextField name="name" label={t.contactName} value={values.name} onChange={set('name')} onBlur={() => touch('name')} autoComplete="name" />
          <TextField name="email" label={t.contactEmail} type="email" required value={values.email} onChange={set('email')} onBlur={() => touch('email')} error={shown('email', errors)} autoComplete="email" />
          <TextField name="content" label={t.contactContent} required multiline value={values.content} onChange={set('content')} onBlur={() => touch('content')} error={shown('content', errors)} />
          {state === 'sent' ? (
            <Text role="status" color="green.700" data-testid="contact-result">
              {messages.errors.contact.succeeded}
            </Text>
          ) : null}
          {state === 'failed' ? (
            <Text role="alert" color="red.600" data-testid="contact-result">
              {messages.errors.contact.failed}
            </Text>
          ) : null}
          <Button type="submit" colorPalette="brand" loading={state === 'sending'} disabled={state === 'sent'} alignSelf="flex-start">
            {t.contactSend}
          </Button>
        </Stack>
      </form>
    </TextPage>
  );
}
