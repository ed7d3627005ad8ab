import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'shared-kernel/router';
import { messages } from 'shared-kernel/messages';
import { PaymentResult } from 'shared-kernel/schemas';
import { notify } from 'shared-kernel/ui';
import { accountTexts } from '../../../messages/et';
import { PAYMENT_RESULT_PARAM, PAYMENT_WATCH_DURATION_MS } from '../model/constants';

/**
 * The bank sends the browser back with `payment_result`: tell the user once, drop the parameter
 * (a reload must not repeat the notice), and after a success keep `watching` for a while so the
 * page asks again until the provider's webhook has credited the deposit.
 */
export function usePaymentResult(): { watching: boolean } {
  const [params, setParams] = useSearchParams();
  const raw = params.get(PAYMENT_RESULT_PARAM);
  const handled = useRef<string | null>(null);
  // The bank's return is a fresh page load: the page's first reads already come after it.
  const [watching, setWatching] = useState(() => raw === 'success');

  useEffect(() => {
    if (raw === null || handled.current === raw) return;
    handled.current = raw;
    const result = PaymentResult.safeParse(raw);
    if (result.success && result.data === 'success') {
      notify({ type: 'success', message: messages.payment.paymentSucceeded });
    } else if (result.success && result.data === 'pending') {
      notify({ type: 'info', message: accountTexts.money.paymentPending });
    } else if (result.success) {
      notify({ type: 'error', message: messages.payment.paymentFailed });
    }
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(PAYMENT_RESULT_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [raw, setParams]);

  useEffect(() => {
    if (!watching) return undefined;
    const timer = setTimeout(() => setWatching(false), PAYMENT_WATCH_DURATION_MS);
    return () => clearTimeout(timer);
  }, [watching]);

  return { watching };
}
