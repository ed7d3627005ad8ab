import { useEffect, useRef, useState } from 'react';
import { TIMINGS } from 'shared-kernel/domain';

/**
 * Copies a text to the clipboard; `copied` stays true for the spec's confirmation time (1.5 s).
 * `copy` answers false when the browser refused, so the caller can offer the text by hand.
 */
export function useCopyText() {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  const copy = async (text: string): Promise<boolean> => {
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      return false;
    }
    setCopied(true);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), TIMINGS.copyConfirmationMs);
    return true;
  };
  return { copied, copy };
}
