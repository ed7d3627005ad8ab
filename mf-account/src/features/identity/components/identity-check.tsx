import { FormProvider } from 'react-hook-form';
import { Box, Button, HStack, Stack, Text } from 'shared-kernel/ui';
import { FormField, useWatch, useZodForm } from 'shared-kernel/forms';
import { format, messages } from 'shared-kernel/messages';
import type { IdentityMethod } from 'shared-kernel/schemas';
import { IdentityPhoneForm, phoneError, toInternationalPhone, type IdentityPhoneValues } from '../model/phone';
import { useIdentityCheck } from '../model/use-identity-check';

export interface IdentityCheckProps {
  personalCode: string;
  defaultFailureMessage: string;
  onSucceeded: (result: { token: string; method: IdentityMethod; phoneNumber: string }) => void;
  onFailed?: (message: string) => void;
  /** The user chose to try again after a failure. */
  onRetry?: () => void;
}

const t = messages.identity;

/**
 * Smart-ID / Mobile-ID choice, phone number, control code and countdown, then the outcome.
 * Spec (both documents, section 5): the ID-provider buttons need a phone number (hint +3725xxxxxx),
 * so both stay disabled until a valid one is typed; a malformed one says 'Vale telefoni number'.
 */
export function IdentityCheck({ personalCode, defaultFailureMessage, onSucceeded, onFailed, onRetry }: IdentityCheckProps) {
  const form = useZodForm(IdentityPhoneForm, { defaultValues: { phoneNumber: '' } });
  const phone = useWatch({ control: form.control, name: 'phoneNumber' });
  const phoneNumber = toInternationalPhone(phone.trim());
  const phoneReady = phone.trim() !== '' && !phoneError(phone);
  const { state, start, reset } = useIdentityCheck({
    defaultFailureMessage,
    onSucceeded: (token, method) => onSucceeded({ token, method, phoneNumber }),
    onFailed,
  });
  const busy = state.phase === 'starting' || state.phase === 'polling';
  // The buttons submit: the number is checked (its message shown) before a provider is asked.
  const run = (method: IdentityMethod) =>
    void form.handleSubmit((values) => {
      if (values.phoneNumber !== '') void start(method, personalCode, values.phoneNumber);
    })();
  const phoneHasError = Boolean(form.formState.errors.phoneNumber);

  return (
    <Stack gap={4} data-testid="identity-check">
      {state.phase === 'idle' || state.phase === 'starting' ? (
        <>
          {/* A provider and no <form>: the check is also shown inside the business sign-up's form
              (as a widget), and a form may not hold another. */}
          <FormProvider {...form}>
            <FormField<IdentityPhoneValues>
              name="phoneNumber"
              label={t.phoneNumber}
              required
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              placeholder={messages.validation.phoneHint}
              disabled={busy}
              helperText={phoneHasError ? undefined : phone.trim() === '' ? t.phoneNeeded : messages.validation.phoneHint}
            />
          </FormProvider>
          <HStack gap={3} flexWrap="wrap">
            <Button
              colorPalette="green"
              onClick={() => run('smartid')}
              loading={state.phase === 'starting' && state.method === 'smartid'}
              disabled={busy || personalCode === '' || !phoneReady}
            >
              {t.smartId}
            </Button>
            <Button
              colorPalette="green"
              variant="outline"
              onClick={() => run('mobile')}
              loading={state.phase === 'starting' && state.method === 'mobile'}
              disabled={busy || personalCode === '' || !phoneReady}
            >
              {t.mobileId}
            </Button>
          </HStack>
        </>
      ) : null}

      {state.phase === 'polling' ? (
        <Box textAlign="center" role="status">
          <Text color="gray.600">{t.controlCode}</Text>
          {/* textStyle sets the line height with the size: inside a dialog (textStyle sm, 1.25rem lines) a
              bare fontSize kept the small line height and the code overlapped its label. */}
          <Text textStyle="4xl" fontWeight="bold" letterSpacing="widest" my={2} data-testid="identity-control-code">
            {state.controlCode}
          </Text>
          <Text fontSize="sm" color="gray.600">
            {t.controlCodeHint}
          </Text>
          <Text mt={2} data-testid="identity-countdown">
            {format(t.secondsLeft, { seconds: state.secondsLeft })}
          </Text>
        </Box>
      ) : null}

      {state.phase === 'succeeded' ? (
        <Text color="green.700" fontWeight="bold" role="status" data-testid="identity-result">
          {messages.errors.identity.succeeded}
        </Text>
      ) : null}

      {state.phase === 'failed' ? (
        <Stack gap={3}>
          <Text color="red.700" fontWeight="bold" role="alert" data-testid="identity-result">
            {format(messages.errors.identity.failed, { message: state.message })}
          </Text>
          <Box>
            <Button
              variant="outline"
              onClick={() => {
                reset();
                onRetry?.();
              }}
            >
              {t.retry}
            </Button>
          </Box>
        </Stack>
      ) : null}
    </Stack>
  );
}
