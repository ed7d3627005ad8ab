import { messages } from '../messages';

/** Cuts by characters (code points), so a multi-unit character is never split in half. */
export function cutText(text: string | null | undefined, max: number, ellipsis = ''): string {
  const chars = Array.from(text ?? '');
  return chars.length > max ? chars.slice(0, max).join('') + ellipsis : chars.join('');
}

/** Product titles on cards: first 20 characters. */
export function cardTitle(title: string | null | undefined): string {
  return cutText(title, 20);
}

/** Product titles on public tiles: first 17 characters then '...'. */
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
