// The interactive Chakra parts no page needs for its first paint: dialogs, accordions and tabs
// (their @zag-js machines, focus trap, scroll lock). A separate kernel subpath, so the page fetches
// it with the first chunk that uses one instead of with shared-kernel/ui (ADR 0023, round 2).
//
// These import Chakra directly, so they must run on the same Chakra copy as shared-kernel/ui (its
// context carries the system): the shell always provides this subpath and a remote on the platform
// never brings its own (infra/build/shared-deps.cjs). Their recipes stay in ui/system.ts.
export { Accordion, Dialog, Tabs } from './chakra-parts';

// Primitives built on them, so slices stop hand-building the same skeleton (issue 26).
export { DialogFrame, ContentDialog, ConfirmDialog, FormDialog } from './dialogs';
export type { DialogFrameProps, ContentDialogProps, ConfirmDialogProps, FormDialogProps } from './dialogs';
export { TabbedPage, useTabParam, firstTabUnlessKnown } from './tabbed-page';
export type { TabDef, TabbedPageProps } from './tabbed-page';
