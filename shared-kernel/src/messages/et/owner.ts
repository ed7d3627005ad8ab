export const owner = {
  myProductsTitle: 'Minu tooted',
  signedInAs: 'Kasutaja: {name}',
} as const;
