import { useState } from 'react';
import { Box, Button, Field, FieldLabel, HStack, Input, Stack, Text } from 'shared-kernel/ui';
import { format, messages } from 'shared-kernel/messages';
import type { IdentityMethod } from 'shared-kernel/schemas';
import { phoneError, toInternationalPhone } from '../model/phone';
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
  const [phone, setPhone] = useState('');
  const [phoneTouched, setPhoneTouched] = useState(false);
  const phoneNumber = toInternationalPhone(phone.trim());
  const phoneInvalid = phoneError(phone);
  const phoneReady = phone.trim() !== '' && !phoneInvalid;
  const { state, start, reset } = useIdentityCheck({
    defaultFailureMessage,
    onSucceeded: (token, method) => onSucceeded({ token, method, phoneNumber }),
    onFailed,
  });
  const busy = state.phase === 'starting' || state.phase === 'polling';
  const run = (method: IdentityMethod) => {
    setPhoneTouched(true);
    if (phoneReady) void start(method, personalCode, phoneNumber);
  };
  const shownPhoneError = phoneTouched ? phoneInvalid : undefined;

  return (
    <Stack gap={4} data-testid="identity-check">
      {state.phase === 'idle' || state.phase === 'starting' ? (
        <>
          <Field.Root required invalid={Boolean(shownPhoneError)}>
            <FieldLabel required>{t.phoneNumber}</FieldLabel>
            <Input
              name="phoneNumber"
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              value={phone}
              placeholder={messages.validation.phoneHint}
              onChange={(e) => setPhone(e.target.value)}
              onBlur={() => setPhoneTouched(true)}
              disabled={busy}
            />
            {shownPhoneError ? (
              <Field.ErrorText data-testid="error-phoneNumber">{shownPhoneError}</Field.ErrorText>
            ) : (
              <Field.HelperText>{phone.trim() === '' ? t.phoneNeeded : messages.validation.phoneHint}</Field.HelperText>
            )}
          </Field.Root>
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
