/** Texts of bank-link payment shared by every slice that takes a payment (spec 8). */
export const payment = {
  chooseBank: 'Vali pank.',
  chooseMethod: 'Vali makseviis.',
  banksLabel: 'Pank',
  banksLoadFailed: 'Pankade nimekirja ei õnnestunud laadida.',
  paymentSucceeded: 'Maksmine õnnestus',
  paymentFailed: 'Maksmine ebaõnnestus',
  redirecting: 'Suunan panka...',
  /** Montonio's card payments, listed with the banks. */
  cardPayment: 'Kaardimakse',
  /** The sandbox bank's hosted page (the stand-in for a real bank's authorisation page). */
  sandboxBank: {
    title: 'Liivakasti pank',
    intro: 'See on liivakasti pank: raha ei liigu. Vali, kuidas makse lõpeb.',
    bank: 'Pank',
    merchant: 'Saaja',
    amount: 'Summa',
    reference: 'Viitenumber',
    pay: 'Maksa',
    fail: 'Makse ebaõnnestub',
    cancel: 'Katkesta',
    orderNotFound: 'Makset ei leitud või see on juba lõpetatud.',
    backToSite: 'Tagasi Rendime lehele',
    card: 'Kaardimakse',
  },
} as const;
