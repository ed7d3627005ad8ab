/** Texts of the shell chrome and the platform mechanics (fallbacks, navigation). */
export const shell = {
  /** The browser tab: every route names its page (kernel platform PageTitle). */
  pageTitle: '{page} | Rendime',
  defaultTitle: 'Rendime – rendi ja anna rendile',
  /** The tab's title while something is unread: '(3) Sõnumid | Rendime'. */
  unreadTitle: '({count}) {title}',
  uncaughtError: 'Oih! Miski läks valesti! Raporteeri veast meie tiimile aadressil {email}.',
  remoteUnavailableTitle: 'See osa lehest ei ole praegu saadaval',
  remoteUnavailableText: 'Lehe laadimine ebaõnnestus. Kontrolli ühendust ja proovi uuesti.',
  retry: 'Proovi uuesti',
  widgetFailedTitle: 'Seda osa ei õnnestunud laadida',
  widgetFailedText: 'Proovi uuesti. Ülejäänud leht töötab edasi.',
  widgetUnavailable: 'See osa ei ole praegu saadaval.',
  loading: 'Laadin...',
  /** Beside the spinner in a slice's area while the shell still fetches it (after the loader delay). */
  remoteLoading: 'Laadin lehte...',
  manifestFailed: 'Platvormi laadimine ebaõnnestus. Proovi lehte värskendada.',
  logoAlt: 'Rendime avalehele',
  products: 'Tooted',
  search: 'Otsing',
  join: 'Liitu',
  signIn: 'Logi sisse',
  toDashboard: 'Töölauale',
  menu: 'Menüü',
  /** The footer's links: a second navigation landmark needs its own name (axe landmark-unique). */
  footerMenu: 'Jaluse menüü',
  registryCode: 'Registrikood {code}',
  terms: 'Kasutustingimused',
  privacy: 'Privaatsuspoliitika',
  faq: 'KKK',
  productsPage: 'Tooted',
  contactTitle: 'Kontakt',
  companyName: 'Rendime OÜ',
  socialPage: 'Rendime Facebookis',
  cookieTitle: 'Küpsised',
  cookieText: 'Kasutame küpsiseid, et leht töötaks ja et mõista, kuidas seda kasutatakse. Jätkates nõustud küpsiste kasutamisega.',
  cookieReadMore: 'Loe lähemalt',
  cookieAccept: 'Nõustun',
  home: 'Avaleht',
  messages: 'Sõnumid',
  notifications: 'Teavitused',
  profile: 'Profiil',
  productSearch: 'Otsi tooteid',
  logOut: 'Logi välja',
  help: 'Abi',
  copyright: '© {year} Rendime OÜ',
  openDrawer: 'Ava menüü',
  /** The badge of a per-browser remote override (integration testers, ADR 0021). */
  override: {
    badge: 'Kohalik versioon: {remotes}',
    clear: 'Tühista',
    clearLabel: 'Tühista kohalik versioon ja laadi avaldatud versioon',
  },
  navGroups: {
    common: 'Üldine',
    lessors: 'Rendileandjale',
    renters: 'Rentijale',
  },
  /**
   * Frozen: the menu labels of descriptors published before kernel 2.1, which name a `labelKey`
   * here instead of shipping their `label`. The registry still holds such versions (a rollback or a
   * last-known-good fallback can serve one), so the shell keeps reading these; no key is added
   * (infra/test/conventions.test.ts checks), and they go with `labelKey` once no published version uses them.
   */
  nav: {
    accountSettings: 'Konto seaded',
    contracts: 'Rendilepingud',
    billing: 'Arveldus',
    giveForRent: 'Anna rendile',
    myProducts: 'Minu tooted',
    productManagement: 'Toodete haldus',
    activeReservations: 'Aktiivsed broneeringud',
    findProducts: 'Leia uusi tooteid',
    rentedProducts: 'Renditud tooted',
  },
} as const;
