/**
 * A heart pressed while signed out (issue 32): the sign-in's return URL carries `save=<id>` and
 * the product's heart completes the save once it is back and signed in. The tab also notes the
 * id when the heart is pressed, so a link crafted with `?save=` elsewhere saves nothing: only a
 * press in this tab does.
 */
export const SAVE_INTENT_PARAM = 'save';
const STORAGE_KEY = 'rendime.saveIntent';

function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    // Storage refused (privacy settings): the intent then simply is not completed.
    return null;
  }
}

/** The page's own path and query with the intent to save `productId` added, for the sign-in's `goto`. */
export function withSaveIntent(pathname: string, search: string, productId: number): string {
  const params = new URLSearchParams(search);
  params.set(SAVE_INTENT_PARAM, String(productId));
  storage()?.setItem(STORAGE_KEY, String(productId));
  return `${pathname}?${params.toString()}`;
}

/** Whether a sign-in's return path (its `goto`) carries a heart's save, for the sign-in page to say why. */
export function carriesSaveIntent(goto: string): boolean {
  const query = goto.indexOf('?');
  return query >= 0 && new URLSearchParams(goto.slice(query + 1).split('#')[0]).has(SAVE_INTENT_PARAM);
}

/** The product id the URL asks to save, when this tab pressed that heart; the note is used up. */
export function takeSaveIntent(search: string, productId: number): boolean {
  const wanted = new URLSearchParams(search).get(SAVE_INTENT_PARAM);
  if (wanted !== String(productId)) return false;
  const store = storage();
  if (store?.getItem(STORAGE_KEY) !== wanted) return false;
  store.removeItem(STORAGE_KEY);
  return true;
}

/** The query without the intent, so a reload or the back button does not repeat it. */
export function withoutSaveIntent(search: string): string {
  const params = new URLSearchParams(search);
  params.delete(SAVE_INTENT_PARAM);
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}
