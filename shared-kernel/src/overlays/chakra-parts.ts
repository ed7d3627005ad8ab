// The one file of this subpath that takes Chakra directly (see index.ts for why overlays may).
export { Accordion, Dialog, Tabs } from '@chakra-ui/react';
