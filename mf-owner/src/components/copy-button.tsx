import { messages } from 'shared-kernel/messages';
import { Box, Button, Text, notify } from 'shared-kernel/ui';
import { useCopyText } from './use-copy-text';

/** Copies `text`, then says so for a moment; when the browser refuses, `failedText` asks to copy by hand. */
export function CopyButton({ text, label, failedText, disabled }: { text: string; label: string; failedText: string; disabled?: boolean }) {
  const { copied, copy } = useCopyText();
  const doCopy = async () => {
    if (!(await copy(text))) notify({ type: 'warning', message: failedText });
  };
  return (
    <>
      <Box>
        <Button size="sm" colorPalette="brand" disabled={disabled} onClick={() => void doCopy()}>
          {label}
        </Button>
      </Box>
      {copied ? (
        <Text role="status" color="green.600" fontSize="sm">
          {messages.common.copied}
        </Text>
      ) : null}
    </>
  );
}
