import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Button, Stack, Text } from 'shared-kernel/ui';
import { TIMINGS } from 'shared-kernel/domain';
import { Form, FORM_ERROR, FormError, FormField, serverError, useZodForm } from 'shared-kernel/forms';
import { messages } from 'shared-kernel/messages';
import { TextPage } from '../../../components/text-page';
import { sendContactMessageMutationOptions } from '../api/send-contact-message';
import { ContactForm, type ContactValues } from '../model/contact-form';
import { publicSiteTexts } from '../../../messages/public-site';

const t = publicSiteTexts;

export function ContactPage({ reload = () => window.location.reload() }: { reload?: () => void }) {
  const form = useZodForm(ContactForm, { defaultValues: { name: '', email: '', content: '' } });
  // A failure is a form error (set below), so a finished submit without one is a sent letter.
  const sent = form.formState.isSubmitSuccessful;
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const sendMessage = useMutation(sendContactMessageMutationOptions());

  async function send(values: ContactValues) {
    try {
      await sendMessage.mutateAsync(values);
      timer.current = setTimeout(reload, TIMINGS.reloadAfterSuccessMs);
    } catch {
      form.setError(FORM_ERROR, serverError(messages.errors.contact.failed));
    }
  }

  return (
    <TextPage title={t.contactTitle} subtitle={t.contactIntro} testId="contact-page">
      <Form form={form} onSubmit={send} aria-label={t.contactTitle}>
        <Stack gap={4} maxW="xl">
          <FormField<ContactValues> name="name" label={t.contactName} autoComplete="name" />
          <FormField<ContactValues> name="email" label={t.contactEmail} type="email" required autoComplete="email" />
          <FormField<ContactValues> name="content" label={t.contactContent} required multiline />
          {sent ? (
            <Text role="status" color="green.700" data-testid="contact-result">
              {messages.errors.contact.succeeded}
            </Text>
          ) : null}
          <FormError testId="contact-result" />
          <Button type="submit" colorPalette="brand" loading={form.formState.isSubmitting} disabled={sent} alignSelf="flex-start">
            {t.contactSend}
          </Button>
        </Stack>
      </Form>
    </TextPage>
  );
}
