import { useLayoutEffect, useRef, useState, type ComponentType } from 'react';
import { flushSync } from 'react-dom';
import { Box, Button, Flex, Input } from 'shared-kernel/ui';
import { publicSiteTexts } from '../../../messages/public-site';

type HeroSearchForm = ComponentType<{ initial?: { search: string } }>;

interface Handover {
  Form: HeroSearchForm;
  search: string;
  /** The search box had the focus, with its caret here. */
  caret: number | null;
  /** The period was asked for before the form's code came: the form opens it once it is there. */
  period: boolean;
  /** The period button had the focus (pressed by keyboard): its counterpart in the form gets it. */
  periodFocused: boolean;
  /** A submit came before the form's code did: the form submits once it is there. */
  submit: boolean;
}

const loadHeroSearch = () => import('./hero-search').then((m) => m.HeroSearch as HeroSearchForm);

/**
 * The front page's search box. Its form is the only one on the front page, and its code
 * (react-hook-form, the zod resolver and the kernel's form parts, 17 KB brotli) is not needed to
 * paint it, so it loads on the first touch of the box (pointer over it, focus, submit) and not
 * with the page (issue 28). Until then the box is the same markup without a form library. What
 * was typed meanwhile, the focus with its caret, a press of the period button and a submit made
 * before the code came are handed over to the real form (./hero-search.tsx), which then opens
 * the period, checks and submits as usual.
 */
export function HeroSearchSlot() {
  const [handover, setHandover] = useState<Handover | null>(null);
  const standIn = useRef<HTMLFormElement>(null);
  const holder = useRef<HTMLDivElement>(null);
  const loading = useRef(false);
  const period = useRef(false);
  const submitted = useRef(false);

  const load = () => {
    if (loading.current) return;
    loading.current = true;
    void loadHeroSearch().then((Form) => {
      const form = standIn.current;
      if (!form) return;
      const search = form.elements.namedItem('search') as HTMLInputElement;
      const focused = document.activeElement === search;
      const periodFocused = document.activeElement === form.querySelector('button[aria-expanded]');
      // Read and swapped in one synchronous render, so no keystroke falls between the two.
      flushSync(() =>
        setHandover({
          Form,
          search: search.value,
          caret: focused ? search.selectionStart : null,
          period: period.current,
          periodFocused,
          submit: submitted.current,
        }),
      );
    });
  };

  useLayoutEffect(() => {
    const form = holder.current?.querySelector('form');
    if (!handover || !form) return;
    if (handover.caret !== null) {
      const search = form.elements.namedItem('search') as HTMLInputElement;
      search.focus();
      search.setSelectionRange(handover.caret, handover.caret);
    }
    const periodButton = form.querySelector<HTMLButtonElement>('button[aria-expanded]');
    if (handover.period) periodButton?.click();
    if (handover.periodFocused) periodButton?.focus();
    if (handover.submit) form.requestSubmit();
  }, [handover]);

  if (handover)
    return (
      <Box ref={holder} display="contents">
        <handover.Form initial={{ search: handover.search }} />
      </Box>
    );

  const t = publicSiteTexts;
  return (
    // A submit before this script runs (server HTML, or a takeover still under way) is the
    // browser's own GET, so it must land on the search page with the text, as the real form does.
    <form
      ref={standIn}
      action="/public/search-products"
      method="get"
      role="search"
      aria-label={t.searchLabel}
      noValidate
      onPointerEnter={load}
      onFocus={load}
      onSubmit={(event) => {
        event.preventDefault();
        submitted.current = true;
        load();
      }}
    >
      <Flex gap={2} bg="white" p={2} borderRadius="lg" boxShadow="md" maxW="4xl" wrap="wrap" align="flex-start">
        <Input
          name="search"
          placeholder={t.searchPlaceholder}
          aria-label={t.searchLabel}
          size="lg"
          border="none"
          flex={{ base: '1 1 100%', md: '2 1 0' }}
          minW={0}
        />
        <Button
          variant="outline"
          size="lg"
          aria-expanded={false}
          onClick={() => {
            period.current = true;
            load();
          }}
          flex={{ base: '1 1 0', md: 'none' }}
        >
          {t.heroPeriodToggle}
        </Button>
        <Button type="submit" colorPalette="brand" size="lg" flex={{ base: '1 1 0', md: 'none' }} ml={{ md: 'auto' }}>
          {t.searchButton}
        </Button>
      </Flex>
    </form>
  );
}
