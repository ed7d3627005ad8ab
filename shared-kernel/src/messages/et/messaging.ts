export const messaging = {
  messagesTitle: 'Sõnumid',
  signedInAs: 'Kasutaja: {name}',
} as const;
