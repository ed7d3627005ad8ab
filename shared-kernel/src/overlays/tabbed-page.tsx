import type { ReactNode } from 'react';
import { Tabs } from './chakra-parts';
import { useSearchParams } from 'shared-kernel/router';

export interface TabDef<Id extends string> {
  id: Id;
  label: string;
  content: ReactNode;
}

/**
 * The tab a page shows comes from its `tabId` query parameter, so a tab can be linked to and the
 * back button returns to it. `resolve` maps the raw value (null when missing) to a tab.
 */
export function useTabParam<Id extends string>(resolve: (raw: string | null) => Id): [Id, (id: Id) => void] {
  const [params, setParams] = useSearchParams();
  const tab = resolve(params.get('tabId'));
  const setTab = (id: Id) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.set('tabId', id);
        return next;
      },
      { replace: false },
    );
  return [tab, setTab];
}

/** The first tab when the value is missing or unknown. */
export function firstTabUnlessKnown<Id extends string>(ids: readonly Id[]): (raw: string | null) => Id {
  return (raw) => ((ids as readonly string[]).includes(raw ?? '') ? (raw as Id) : ids[0]);
}

export interface TabbedPageProps<Id extends string> {
  tabs: readonly TabDef<Id>[];
  resolve: (raw: string | null) => Id;
  /** The tab list's accessible name. */
  label: string;
}

/** Tabs whose selection lives in the URL (`?tabId=`); only the shown tab's content is mounted. */
export function TabbedPage<Id extends string>({ tabs, resolve, label }: TabbedPageProps<Id>) {
  const [tab, setTab] = useTabParam(resolve);
  return (
    <Tabs.Root value={tab} onValueChange={(d) => setTab(d.value as Id)} variant="line" colorPalette="brand" lazyMount unmountOnExit>
      <Tabs.List aria-label={label}>
        {tabs.map((t) => (
          <Tabs.Trigger key={t.id} value={t.id}>
            {t.label}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {tabs.map((t) => (
        <Tabs.Content key={t.id} value={t.id}>
          {t.content}
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}
