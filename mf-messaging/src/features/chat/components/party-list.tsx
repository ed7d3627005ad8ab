import type { ChatParty } from 'shared-kernel/schemas';
import { Box, Button, Span, Stack } from 'shared-kernel/ui';
import { messagingTexts } from '../../../messages/et';
import { cutName, LONG_NAME, SHORT_NAME } from '../model/party-name';

const t = messagingTexts.chat;

export function PartyList({
  parties,
  selected,
  onSelect,
}: {
  parties: ChatParty[];
  selected: number | null;
  onSelect: (partyId: number) => void;
}) {
  return (
    <Stack as="ul" aria-label={t.parties} gap={1} listStyleType="none" m={0} p={0}>
      {parties.map((party) => {
        const current = party.partyId === selected;
        // The cut name the button shows must be part of its accessible name (WCAG 2.5.3); the full
        // name follows for screen readers when the cut shortened it.
        const shown = cutName(party.otherPartyName, LONG_NAME);
        const name = shown === party.otherPartyName.trim() ? party.otherPartyName : `${shown} (${party.otherPartyName})`;
        return (
          <Box as="li" key={party.id}>
            <Button
              variant={current ? 'solid' : 'ghost'}
              justifyContent="flex-start"
              w="100%"
              px={2}
              title={party.otherPartyName}
              aria-label={party.seen ? name : `${name}, ${t.unseen}`}
              aria-current={current ? 'true' : undefined}
              fontWeight={party.seen ? 'normal' : 'bold'}
              onClick={() => onSelect(party.partyId)}
            >
              <Span display={{ base: 'inline', md: 'none' }}>{cutName(party.otherPartyName, SHORT_NAME)}</Span>
              <Span display={{ base: 'none', md: 'inline' }}>{cutName(party.otherPartyName, LONG_NAME)}</Span>
            </Button>
          </Box>
        );
      })}
    </Stack>
  );
}
