import { OWNER_LIMITS } from 'shared-kernel/schemas';
import { format, messages } from 'shared-kernel/messages';
import { ownerTexts } from '../../messages/et';

const t = ownerTexts.wizard;
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/bmp'] as const;
export const IMAGE_ACCEPT = '.jpg,.jpeg,.png,.bmp,image/jpeg,image/png,image/bmp';

/**
 * The browser's first look at chosen files (spec 5): type, size and count. The server sniffs the
 * bytes and decides; this only spares the owner a long upload that would be refused.
 */
export function imageProblem(files: readonly File[], alreadyThere: number): string | null {
  if (alreadyThere + files.length > OWNER_LIMITS.imagesMax) return t.imagesMax;
  for (const file of files) {
    // The server's own texts, so a refusal reads the same whichever side made it (issue 25).
    if (!(IMAGE_TYPES as readonly string[]).includes(file.type))
      return format(t.fileProblem, { name: file.name, problem: messages.errors.images.invalidFileType });
    if (file.size > OWNER_LIMITS.imageBytesMax)
      return format(t.fileProblem, { name: file.name, problem: messages.errors.images.fileTooLarge });
  }
  return null;
}
