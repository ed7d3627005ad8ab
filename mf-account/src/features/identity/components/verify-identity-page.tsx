import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'shared-kernel/router';
import { Box, Button, Heading, Loader, Stack, Text } from 'shared-kernel/ui';
import { ContentDialog } from 'shared-kernel/overlays';
import { isApiError } from 'shared-kernel/api';
import { TIMINGS } from 'shared-kernel/domain';
import { Form, FormField, useWatch, useZodForm } from 'shared-kernel/forms';
import { format, messages, PRODUCT_NAME, SUPPORT_EMAIL } from 'shared-kernel/messages';
import type { IdentityMethod } from 'shared-kernel/schemas';
import { refreshSession, setSessionUser, useDerivedSession, useSession } from 'shared-kernel/session';
import { notify } from 'shared-kernel/ui';
import { addContactInfoMutationOptions } from '../api/add-contact-info';
import { updateFullyPrivilegedMutationOptions } from '../api/update-fully-privileged';
import { pageActions } from '../model/page-actions';
import { usePersonalCodeTaken } from '../model/use-personal-code-check';
import { VerifyIdentityForm, type VerifyIdentityValues } from '../model/verify-identity-form';
import { IdentityCheck } from './identity-check';

const t = messages.identity;
const e = messages.errors.identity;
const PROFILE = '/auth/user-profile';

/** A failure is about the code it was for; once the code is edited it is not shown any more. */
type Outcome = { kind: 'none' } | { kind: 'succeeded' } | { kind: 'failed'; message?: string; code: string };

/** /auth/verify-identity: names and personal code, then Smart-ID / Mobile-ID in a modal, then the account upgrade. */
export function VerifyIdentityPage() {
  const user = useSession((s) => s.user);
  const status = useSession((s) => s.status);
  const { needsVerification } = useDerivedSession();
  const navigate = useNavigate();
  const form = useZodForm(VerifyIdentityForm, { defaultValues: { firstName: '', lastName: '', personalCode: '' } });
  const [firstName, lastName, personalCode] = useWatch({ control: form.control, name: ['firstName', 'lastName', 'personalCode'] });
  const [open, setOpen] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'none' });
  const upgrade = useMutation(updateFullyPrivilegedMutationOptions());
  const addPhone = useMutation(addContactInfoMutationOptions());
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  // Once this page upgraded the account, the session says "verified"; that is not a reason to redirect with a notice.
  const finishing = useRef(false);

  const code = personalCode.trim();
  const taken = usePersonalCodeTaken(user?.id, code, firstName, lastName);
  const canVerify = VerifyIdentityForm.safeParse({ firstName, lastName, personalCode }).success;

  useEffect(() => {
    if (user && !needsVerification && !finishing.current) {
      notify({ type: 'info', message: e.alreadyVerified });
      void navigate(PROFILE, { replace: true });
    }
  }, [user, needsVerification, navigate]);

  useEffect(() => () => timers.current.forEach(clearTimeout), []);
  const later = (fn: () => void, ms: number) => timers.current.push(setTimeout(fn, ms));
  const cancelTimers = () => {
    timers.current.forEach(clearTimeout);
    timers.current = [];
  };

  const fail = (message?: string) => {
    setOutcome({ kind: 'failed', message, code });
    later(() => pageActions.reload(), TIMINGS.identityFailureReloadMs);
  };

  const onSucceeded = async ({ phoneNumber, method }: { token: string; method: IdentityMethod; phoneNumber: string }) => {
    if (!user) return;
    finishing.current = true;
    try {
      const upgraded = await upgrade.mutateAsync({
        userId: user.id,
        identityCode: code,
        name: firstName.trim(),
        lastName: lastName.trim(),
      });
      if (method === 'mobile' && phoneNumber && !upgraded.contactInfos.some((c) => c.type === 'PHONE')) {
        // Mobile-ID just proved this number is the person's; keep it as their phone. Best effort.
        await addPhone.mutateAsync({ userId: user.id, type: 'PHONE', value: phoneNumber, prime: false }).catch(() => undefined);
      }
      setSessionUser(upgraded);
      void refreshSession();
    } catch (error) {
      finishing.current = false;
      fail(format(t.upgradeFailed, { message: isApiError(error) ? error.message : e.cancelled }));
      return;
    }
    setOutcome({ kind: 'succeeded' });
    notify({ type: 'success', message: format(e.welcome, { product: PRODUCT_NAME }) });
    later(() => void navigate(PROFILE), TIMINGS.identitySuccessRedirectMs);
  };

  // The shell waits for the session before mounting /auth pages; standalone (?session=real) does not.
  if (!user) return status === 'loading' ? <Loader minH="40vh" /> : null;
  return (
    <Box w="100%" maxW="xl">
      <Heading as="h1" size="2xl" mb={2}>
        {t.pageTitle}
      </Heading>
      <Text color="gray.600" mb={6}>
        {t.pageIntro}
      </Text>
      <Form form={form} onSubmit={() => setOpen(true)} aria-label={t.pageTitle}>
        <Stack gap={4}>
          <FormField<VerifyIdentityValues> name="firstName" label={t.firstName} required autoComplete="given-name" />
          <FormField<VerifyIdentityValues> name="lastName" label={t.lastName} required autoComplete="family-name" />
          <FormField<VerifyIdentityValues> name="personalCode" label={t.personalCode} required inputMode="numeric" maxLength={11} />
          {taken ? (
            <Text color="orange.700" role="alert" data-testid="identity-user-exists">
              {format(e.userExists, { product: PRODUCT_NAME })}
            </Text>
          ) : null}
          <Box>
            <Button type="submit" colorPalette="green" disabled={!canVerify || outcome.kind === 'succeeded'}>
              {t.verify}
            </Button>
          </Box>
          {outcome.kind === 'failed' && outcome.code === code ? (
            <Stack role="alert" data-testid="verify-failure" color="red.700">
              {outcome.message ? <Text>{outcome.message}</Text> : null}
              <Text>{format(e.notIdentified, { email: SUPPORT_EMAIL })}</Text>
            </Stack>
          ) : null}
        </Stack>
      </Form>

      <ContentDialog open={open} onClose={() => setOpen(false)} closeOnInteractOutside={false} closeLabel={t.close} title={t.modalTitle}>
        <IdentityCheck
          personalCode={code}
          defaultFailureMessage={e.cancelled}
          onSucceeded={(r) => void onSucceeded(r)}
          onFailed={() => fail()}
          onRetry={() => {
            cancelTimers();
            setOutcome({ kind: 'none' });
          }}
        />
      </ContentDialog>
    </Box>
  );
}
