import { useEffect, useRef, useState } from 'react';
import { Button, Flex, Input, Link, Stack, Text } from 'shared-kernel/ui';
import { ContentDialog } from 'shared-kernel/overlays';
import { TIMINGS } from 'shared-kernel/domain';
import { messages } from 'shared-kernel/messages';
import { searchTexts } from '../messages/search';

export function productUrl(id: number): string {
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  return `${origin}/public/detail-view/${id}`;
}

/** Share a product: social links and copying the link, confirmed with 'Kopeeritud.' for 1.5 s. */
export function ShareDialog({ productId, title, open, onClose }: { productId: number; title: string; open: boolean; onClose: () => void }) {
  const t = searchTexts;
  const url = productUrl(productId);
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
    } catch {
      // Without clipboard permission the selected field still lets the user copy by hand.
      const field = document.getElementById(`share-link-${productId}`) as HTMLInputElement | null;
      field?.select();
      document.execCommand?.('copy');
    }
    setCopied(true);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), TIMINGS.copyConfirmationMs);
  };
  const encoded = encodeURIComponent(url);
  return (
    <ContentDialog open={open} onClose={onClose} testId="share-dialog" title={t.shareTitle}>
      <Stack gap={3}>
        <Text fontWeight="semibold">{title}</Text>
        <Flex gap={3} wrap="wrap">
          <Link
            href={`https://www.facebook.com/sharer/sharer.php?u=${encoded}`}
            target="_blank"
            rel="noopener noreferrer"
            colorPalette="brand"
          >
            {t.shareFacebook}
          </Link>
          <Link href={`https://twitter.com/intent/tweet?url=${encoded}`} target="_blank" rel="noopener noreferrer" colorPalette="brand">
            {t.shareX}
          </Link>
          <Link href={`mailto:?subject=${encodeURIComponent(title)}&body=${encoded}`} colorPalette="brand">
            {t.shareEmail}
          </Link>
        </Flex>
        <Flex gap={2}>
          <Input
            id={`share-link-${productId}`}
            readOnly
            value={url}
            aria-label={t.shareLinkLabel}
            onFocus={(e) => e.currentTarget.select()}
          />
          <Button colorPalette="brand" onClick={() => void copy()}>
            {t.copyLink}
          </Button>
        </Flex>
        {copied ? (
          <Text color="green.600" role="status" data-testid="copied">
            {messages.common.copied}
          </Text>
        ) : null}
      </Stack>
    </ContentDialog>
  );
}
