/** Texts of the slices' first pages; each slice's namespace grows with its own issues. */
export const account = {
  profileTitle: 'Minu profiil',
  email: 'E-post',
  phone: 'Telefon',
  missing: 'Lisamata',
} as const;

export const booking = {
  myRentalsTitle: 'Renditud tooted',
  contractsTitle: 'Rendilepingud',
  signedInAs: 'Kasutaja: {name}',
} as const;

export const owner = {
  myProductsTitle: 'Minu tooted',
  signedInAs: 'Kasutaja: {name}',
} as const;

export const messaging = {
  messagesTitle: 'Sõnumid',
  signedInAs: 'Kasutaja: {name}',
} as const;

export const publicSite = {
  heroTitle: 'Rendi kõike, mida vajad – otse omanikult',
  heroSubtitle: 'Haagised, autod, tehnika, tõstukid, saunad ja tööriistad üle Eesti.',
  searchPlaceholder: 'Mida soovid rentida? Näiteks haagis',
  searchButton: 'Otsi',
  searchLabel: 'Otsi tooteid',
  loginTitle: 'Logi sisse',
  username: 'E-post',
  password: 'Parool',
  loginButton: 'Logi sisse',
  forgotPassword: 'Unustasid parooli?',
  noAccount: 'Pole veel kontot?',
  register: 'Registreeru',
  searchTitle: 'TOOTE OTSING',
  perDay: '{price} € / päev',
} as const;
