/** Texts of bank-link payment shared by every slice that takes a payment (spec 8). */
export const payment = {
  chooseBank: 'Vali pank.',
  chooseMethod: 'Vali makseviis.',
  banksLabel: 'Pank',
  banksLoadFailed: 'Pankade nimekirja ei õnnestunud laadida.',
  paymentSucceeded: 'Maksmine õnnestus',
  paymentFailed: 'Maksmine ebaõnnestus',
  redirecting: 'Suunan panka...',
} as const;
