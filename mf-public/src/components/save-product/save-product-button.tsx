import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { isApiError } from 'shared-kernel/api';
import { loginUrlFor } from 'shared-kernel/platform';
import { useLocation, useNavigate } from 'shared-kernel/router';
import { setSessionUser, useSession } from 'shared-kernel/session';
import { format } from 'shared-kernel/messages';
import { Button, IconButton, notify } from 'shared-kernel/ui';
import { savedProductTexts as t } from '../../messages/saved-products';
import { savedProductIdsQueryOptions } from './api/get-saved-product-ids';
import { toggleSavedProductMutationOptions } from './api/toggle-saved-product';
import { SAVE_INTENT_PARAM, takeSaveIntent, withSaveIntent, withoutSaveIntent } from './save-intent';

/** The server's own refusal (the cap, a product gone) says more than a generic failure. */
function failureText(error: unknown, saving: boolean): string {
  if (isApiError(error) && error.status >= 400 && error.status < 500 && error.status !== 401) return error.message;
  return saving ? t.saveFailed : t.removeFailed;
}

/**
 * The heart of a product (issue 32): a toggle named 'Salvesta: <product>' whatever its state,
 * `aria-pressed` when the signed-in user saved it (a name that changed with the state would
 * contradict it: "Eemalda salvestatutest, pressed"). A signed-out visitor is sent to sign in and
 * brought back to the page they were on, where the save they asked for is then done.
 */
export function SaveProductButton({
  productId,
  productName,
  withLabel = false,
}: {
  productId: number;
  productName: string;
  withLabel?: boolean;
}) {
  const signedIn = useSession((s) => s.user !== null);
  const navigate = useNavigate();
  const location = useLocation();
  const savedIds = useQuery({ ...savedProductIdsQueryOptions(), enabled: signedIn });
  const toggle = useMutation(toggleSavedProductMutationOptions());
  const saved = signedIn && (savedIds.data?.has(productId) ?? false);

  // Back from signing in with this product's intent: the save is this slice's own PUT (never the
  // GET of the link), done once, and the intent leaves the URL so a reload does not repeat it.
  // takeSaveIntent uses the tab's note up, so a second run before the URL changes saves nothing.
  const intended = new URLSearchParams(location.search).get(SAVE_INTENT_PARAM) === String(productId);
  const ids = savedIds.data;
  const { pathname, search, hash } = location;
  const { mutate: put } = toggle;
  useEffect(() => {
    if (!intended || !signedIn || ids === undefined) return;
    if (takeSaveIntent(search, productId) && !ids.has(productId))
      put({ productId, save: true }, { onError: (error) => notify({ type: 'error', message: failureText(error, true) }) });
    void navigate({ pathname, search: withoutSaveIntent(search), hash }, { replace: true });
  }, [intended, signedIn, ids, pathname, search, hash, productId, put, navigate]);

  const signInToSave = () => navigate(loginUrlFor(withSaveIntent(location.pathname, location.search, productId)));

  function onClick() {
    if (!signedIn) {
      void signInToSave();
      return;
    }
    const save = !saved;
    toggle.mutate(
      { productId, save },
      {
        onError: (error) => {
          // The session ended on the server (expired, cookies cleared): this page still thought it
          // signed in. A save goes the signed-out way, to sign in and back with the intent; the
          // session is cleared first, or the sign-in page would take the visitor for signed in.
          if (save && isApiError(error) && error.status === 401) {
            setSessionUser(null);
            void signInToSave();
            return;
          }
          notify({ type: 'error', message: failureText(error, save) });
        },
      },
    );
  }

  const common = {
    'aria-label': format(t.saveNamed, { product: productName }),
    'aria-pressed': saved,
    onClick,
    disabled: signedIn && savedIds.isPending,
    'data-testid': 'save-product',
  } as const;
  // On the product page the heart says what it does; on a card the icon with its name is enough.
  return withLabel ? (
    <Button size="sm" variant={saved ? 'subtle' : 'outline'} {...common}>
      <HeartIcon filled={saved} />
      {t.save}
    </Button>
  ) : (
    <IconButton size="sm" variant="ghost" colorPalette="red" title={t.save} {...common}>
      <HeartIcon filled={saved} />
    </IconButton>
  );
}

function HeartIcon({ filled }: { filled: boolean }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="20"
      height="20"
      aria-hidden="true"
      fill={filled ? 'currentColor' : 'none'}
      stroke="currentColor"
      strokeWidth="2"
    >
      <path d="M12 21.35l-1.45-1.32C5.4 15.36 2 12.28 2 8.5 2 5.42 4.42 3 7.5 3c1.74 0 3.41.81 4.5 2.09C13.09 3.81 14.76 3 16.5 3 19.58 3 22 5.42 22 8.5c0 3.78-3.4 6.86-8.55 11.54L12 21.35z" />
    </svg>
  );
}
