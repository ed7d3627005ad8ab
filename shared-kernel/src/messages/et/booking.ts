export const booking = {
  myRentalsTitle: 'Renditud tooted',
  contractsTitle: 'Rendilepingud',
  signedInAs: 'Kasutaja: {name}',
} as const;
