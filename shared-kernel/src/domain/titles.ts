import { messages } from 'shared-kernel/messages';

/** Cuts by characters (code points), so a multi-unit character is never split in half. */
export function cutText(text: string | null | undefined, max: number, ellipsis = ''): string {
  const chars = Array.from(text ?? '');
  if (chars.length <= max) return chars.join('');
  // 'Väga pika nimega …' reads as a typo; the ellipsis belongs right after the last letter kept.
  return ellipsis ? chars.slice(0, max).join('').trimEnd() + ellipsis : chars.slice(0, max).join('');
}

/**
 * Product titles on cards: the first 20 characters, and '…' when more were cut, so 'Rataslaadur
 * Volvo L3' cannot pass for a model name. Show the whole name in the element's `title` attribute.
 */
export function cardTitle(title: string | null | undefined): string {
  return cutText(title, 20, messages.domain.ellipsis);
}

/** Product titles on public tiles: the first 17 characters, then '…' when more were cut. */
export function tileTitle(title: string | null | undefined): string {
  return cutText(title, 17, messages.domain.ellipsis);
}

/** Feedback authors: first 7 characters. */
export function feedbackAuthor(author: string | null | undefined): string {
  return cutText(author, 7);
}

/** Attribute chips on the owner product view: first 30 characters. */
export function chipLabel(label: string | null | undefined): string {
  return cutText(label, 30);
}
