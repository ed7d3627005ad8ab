import { useMutation } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { isApiError } from 'shared-kernel/api';
import { format } from 'shared-kernel/messages';
import { OWNER_LIMITS } from 'shared-kernel/schemas';
import { Box, Button, Flex, Image, RequiredMark, SimpleGrid, Stack, Text } from 'shared-kernel/ui';
import { ownerTexts } from '../../messages/et';
import { uploadImagesMutationOptions } from './api/upload-images';
import { IMAGE_ACCEPT, imageProblem } from './image-checks';

const t = ownerTexts.wizard;

export interface PickedImage {
  key: string;
  url: string;
}

export interface ImagePickerProps {
  images: readonly PickedImage[];
  /** Called with the stored names once an upload succeeded. */
  onUploaded: (names: string[]) => Promise<void> | void;
  onRemove: (index: number) => void;
  onMakeFirst: (index: number) => void;
  /** The form's message for the images (none chosen). */
  error?: string;
  disabled?: boolean;
}

/** Up to 4 images: each choice is uploaded at once with a progress bar, then shown in order. */
export function ImagePicker({ images, onUploaded, onRemove, onMakeFirst, error, disabled }: ImagePickerProps) {
  const input = useRef<HTMLInputElement>(null);
  const upload = useMutation(uploadImagesMutationOptions());
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const full = images.length >= OWNER_LIMITS.imagesMax;

  async function chosen(list: FileList | null) {
    const files = Array.from(list ?? []);
    if (input.current) input.current.value = '';
    if (files.length === 0) return;
    const refused = imageProblem(files, images.length);
    setProblem(refused);
    if (refused) return;
    setProgress(0);
    try {
      const names = await upload.mutateAsync({ files, onProgress: setProgress });
      await onUploaded(names);
    } catch (e) {
      setProblem(isApiError(e) && e.message ? e.message : t.uploadFailed);
    } finally {
      setProgress(null);
    }
  }

  const shown = problem ?? error;
  return (
    <Stack gap={2}>
      <Text fontWeight="semibold">
        {t.images}
        <RequiredMark />
      </Text>
      <Text color="gray.600" fontSize="sm">
        {t.imagesHint}
      </Text>
      <input
        ref={input}
        type="file"
        accept={IMAGE_ACCEPT}
        multiple
        hidden
        data-testid="image-input"
        aria-label={t.chooseImages}
        onChange={(e) => void chosen(e.target.files)}
      />
      <Button variant="outline" alignSelf="start" disabled={disabled || full || progress !== null} onClick={() => input.current?.click()}>
        {t.chooseImages}
      </Button>
      {progress !== null ? (
        <Box
          role="progressbar"
          aria-label={t.uploadProgress}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={progress}
          h="2"
          bg="gray.100"
          borderRadius="full"
          overflow="hidden"
        >
          <Box h="100%" w={`${progress}%`} bg="brand.500" transition="width 0.2s" />
        </Box>
      ) : null}
      {shown ? (
        <Text role="alert" color="red.600" data-testid="error-images">
          {shown}
        </Text>
      ) : null}
      <SimpleGrid as="ol" columns={{ base: 2, md: 4 }} gap={3} listStyleType="none" aria-label={t.images}>
        {images.map((image, index) => (
          <Box as="li" key={image.key} borderWidth="1px" borderRadius="md" p={1}>
            <Image src={image.url} alt={format(t.imageAlt, { n: index + 1 })} h="24" w="100%" objectFit="cover" borderRadius="sm" />
            {index === 0 ? (
              <Text fontSize="xs" fontWeight="semibold">
                {t.cover}
              </Text>
            ) : null}
            <Flex gap={1} mt={1} wrap="wrap">
              {index > 0 ? (
                <Button
                  size="xs"
                  variant="ghost"
                  disabled={disabled}
                  onClick={() => onMakeFirst(index)}
                  aria-label={format(t.makeCover, { n: index + 1 })}
                >
                  {t.cover}
                </Button>
              ) : null}
              <Button
                size="xs"
                variant="ghost"
                colorPalette="red"
                disabled={disabled}
                onClick={() => onRemove(index)}
                aria-label={format(t.removeImage, { n: index + 1 })}
              >
                ✕
              </Button>
            </Flex>
          </Box>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

/** `list` with the item at `index` moved to the front. */
export function moveFirst<T>(list: readonly T[], index: number): T[] {
  return [list[index], ...list.filter((_, i) => i !== index)];
}
