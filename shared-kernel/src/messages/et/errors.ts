import { rentalLife } from './rental-life';

/**
 * Error and outcome texts of the spec's error catalogues (section 8 of both documents). Server
 * error codes are mapped onto these keys in `shared-kernel/domain` (error-messages.ts), so the
 * mapping lives in one place.
 */
export const errors = {
  messaging: {
    selfMessage: 'Endale ei ole mõtet kirja saata.',
    // Ours: the spec only says the text is required.
    controlCharacters: 'Sõnumis on lubamatuid märke.',
  },
  // Abuse limits (issue 15): too many attempts from one address or on one account; server at capacity.
  abuse: {
    tooManyRequests: 'Liiga palju katseid. Proovi mõne minuti pärast uuesti.',
    tooManyWidgetRequests: 'Liiga palju päringuid. Proovi minuti pärast uuesti.',
    // Issue 29: writing messages, questions and feedback (the spec's 'Liiga palju sisestusi').
    tooManyMessages: 'Liiga palju sõnumeid. Proovi minuti pärast uuesti.',
    tooManyEntries: 'Liiga palju sisestusi. Proovi mõne minuti pärast uuesti.',
    busy: 'Server on hetkel ülekoormatud. Proovi hetke pärast uuesti.',
    notReady: 'Teenus ei ole hetkel valmis. Proovi hetke pärast uuesti.',
  },
  login: {
    invalidCredentials: 'Vale email või parool',
    // The seed shows these two in English; kept verbatim until product decides otherwise.
    locked: 'Liiga palju ebaõnnestunud sisselogimisi, konto on tunniks lukustatud',
    googleFailed: 'Google’iga sisselogimine ebaõnnestus. Proovi e-posti ja parooliga.',
    suspended: 'Konto on peatatud',
  },
  registration: {
    invalidUsername: 'Kasutajanimi on liiga lühike.',
    emailInUse: 'Email on juba kasutusel.',
    usernameTaken: 'Kasutajanimi on juba võetud.',
    emailTaken: 'Email on juba võetud.',
    contactSupport: 'Viga registreerumisel - võta ühendust {email}',
    businessInvalid: 'Viga registreerumisel - {message}',
    // Answers of the company-register check (POST /users/business/validate): the API sends them.
    registryCodeInvalid: 'Registrikood {code} ei ole äriregistris kehtiv.',
    representativeCodeInvalid: 'Esindaja isikukood {code} on vigane.',
    companyVerified: 'Ettevõte {name} ja esindaja {person} on kontrollitud.',
    // The real e-Business Register (issue 30).
    registryCodeNotFound: 'Registrikoodiga {code} ettevõtet äriregistris ei ole.',
    representativeNotInRegister: 'Isik koodiga {code} ei ole äriregistri järgi ettevõtte {name} esindaja.',
    registerUnavailable: 'Äriregister ei vasta. Proovi mõne minuti pärast uuesti.',
  },
  booking: {
    pendingReservation: 'Kasutajal on broneering juba sooritatud.',
    negativeAdditionalCost: 'Summa on negatiivne.',
    unavailable: 'Toode on antud ajavahemikus juba broneeritud.',
    // Ours (issue 25): each refusal of a period says its own reason; the spec groups them under 'unavailable'.
    seeCalendar: '(vt. rendikalender)',
    vacationDay: 'Valitud ajavahemikku jääb omaniku puhkepäev, mil toodet ei rendita.',
    selfProduct: 'Enda toodet ei saa rentida.',
    startInPast: 'Algusaeg on enne praegust ajahetke.',
    startAfterEnd: 'Algusaeg on pärast lõppaega.',
    failed: 'Broneerimine ebaõnnestus.',
    zeroSum: 'Summa on 0.',
    needsCreditAssessment: 'Broneerimiseks on vajalik krediidihinnang. Võta meiega ühendust {email}.',
    needsVerification: 'Broneerimiseks tuleb esmalt isik tuvastada.',
    chooseBank: 'Vali makseviis.',
    goKartNameAndPhone: 'Täida ka nimi ja telefoni number.',
    goKartChooseSlots: 'Vali ajad.',
    // Ours (issue 12; the spec shows only the generic warning for these codes).
    goKartClosed: 'Valitud ajal rada ei tööta.',
    goKartFull: 'Valitud ajal ei ole enam nii palju vabu kohti.',
    goKartBySlots: 'Kardirada broneeritakse sõiduaegade kaupa.',
    notAutomated: 'Seda toodet ei saa kohe broneerida, saada rendisoov.',
    paymentAmountMismatch: 'Hind on muutunud, laadi leht uuesti.',
    paymentUnavailable: 'Makse alustamine ebaõnnestus.',
  },
  accept: {
    additionalCostMismatch: 'Lisateenuste summa ei klapi, uuenda veebilehitsejat.',
    failed: 'Kinnitamine ebaõnnestus.',
    // Ours (the spec gives only the generic warning): the codes a caller can act on.
    paidLaterNotAllowed: 'Selle toote eest ei saa tasuda tagastamisel.',
    statusChanged: 'Broneeringu olek on vahepeal muutunud, laadi leht uuesti.',
  },
  reservation: {
    notFound: 'Broneeringut ei leitud, või on broneering oma aja ületanud.',
    outdated: 'Vananenud broneering.',
    additionalServicesUpdated: 'Lisateenuste valik uuendatud.',
    additionalServicesUpdateFailed: 'Lisateenuste valiku uuendamine ebaõnnestus.',
  },
  cancel: {
    succeeded: 'Tühistamine õnnestus',
    failed: 'Tühistamine ebaõnnestus',
    reservationCancelled: 'Broneering on edukalt tühistatud.',
    reservationNotCancelled: 'Broneeringut ei õnnestunud tühistada.',
    bookingCancelled: 'Broneering tühistatud.',
    bookingNotCancellable: 'Broneeringut ei õnnestu tühistada.',
  },
  feedback: {
    failed: 'Salvestamine ebaõnnestus',
    noRights: 'Salvestamine ebaõnnestus - teil pole õigust tootele tagasisidet jätta.',
    // The complaint's refusal, worded like the spec's feedback one (the spec gives no text of its own).
    problemNoRights: 'Salvestamine ebaõnnestus - teil pole õigust selle toote kohta probleemi esitada.',
    succeeded: 'Salvestamine õnnestus. Aitäh tagasiside eest.',
    commentFailed: 'Salvestamine ebaõnnestus',
  },
  /**
   * Ours (issue 26): what the API answers to a request it cannot read (before any route's own rule),
   * Estonian like every other text it sends. A field's place (`body.email: ...`) stays as the API names it.
   */
  request: {
    malformedJson: 'Päringu sisu ei ole korrektne JSON.',
    emptyJson: 'Päringu sisu on tühi.',
    bodyTooLarge: 'Päringu sisu on liiga suur.',
    unsupportedMediaType: 'Sellist päringu sisu tüüpi ei toetata.',
    sendImagesAsMultipart: 'Saada pildid vormina (multipart/form-data).',
    malformedMultipart: 'Üleslaaditud faile ei õnnestunud lugeda.',
    invalidContentLength: 'Päringu sisu pikkus on vigane.',
    badUrl: 'Vigane aadress.',
    paramTooLong: 'Aadressi osa on liiga pikk.',
    badRequest: 'Vigane päring.',
    notSignedIn: 'Sa ei ole sisse logitud. Logi sisse ja proovi uuesti.',
    crossSite: 'Päring tuli teiselt veebilehelt ja jäeti täitmata.',
    forbidden: 'Sul ei ole selleks õigust.',
    noRoute: 'Sellist aadressi ei ole.',
    notFound: 'Ei leitud.',
    controlCharacters: 'Lubamatud juhtmärgid.',
    businessFieldsMissing: 'Ettevõtte registreerimiseks on vaja nime, registrikoodi, esindaja nime ja isikukoodi.',
  },
  /** Messages the API puts in its error answers (the UI maps codes; these reach API callers). */
  api: {
    productNotFound: 'Toodet ei leitud',
    questionNotFound: 'Küsimust ei leitud',
    contractNotFound: 'Lepingut ei leitud',
    placeNotFound: 'Kohta ei leitud',
    emptyComment: 'Kommentaar on tühi.',
    onlyOwnerAnswers: 'Vastata saab ainult toote omanik.',
    alreadyAnswered: 'Küsimusele on juba vastatud.',
    feedbackExists: 'Tagasiside on juba antud.',
    emptyProblem: 'Probleem on sõnastamata.',
    // The spec quotes no server text for this refusal (unlike 'User has no rights for feedback.').
    noProblemReportRights: 'Kasutajal pole õigust selle toote kohta probleemi esitada.',
    usernameNotEmail: 'Kasutajanimi peab olema e-posti aadress.',
    userNotFound: 'Kasutajat ei leitud',
    // One answer for a missing user, a private one and a suspended business: the widget reveals no more than the public site.
    widgetOwnerNotFound: 'Sellist ettevõtet ei leitud või tema tooted pole avalikud.',
    fileNotFound: 'Faili ei leitud',
    reservationNotFound: 'Broneeringut ei leitud, või on broneering oma aja ületanud.',
    bookingRoleRefused: 'Broneerida saavad ainult tuvastatud isikuga kasutajad, kellel on krediidihinnang.',
    productInactive: 'Toode ei ole hetkel renditav.',
    notRentDay: 'Toodet ei saa sel päeval üle anda ega tagastada.',
    outsideRentHours: 'Üleandmine ja tagastamine peavad jääma toote rendiaegade sisse.',
    rentalTooLong: 'Rendiperiood on liiga pikk.',
    rentalTooFarAhead: 'Nii kaugele ette ei saa broneerida.',
    unknownAdditionalService: 'Sellist lisateenust tootel ei ole.',
    // Owner tools (issue 11); the spec quotes no server texts for these refusals.
    addProductNeedsVerification: 'Toote lisamiseks tuleb esmalt isik tuvastada.',
    b2bOnly: 'Tootekood, hiljem maksmine ja automaatne kinnitamine on ainult ärikasutajale.',
    invalidCategory: 'Vali toote alamkategooria.',
    invalidImage: 'Pilti ei leitud, lae see uuesti üles.',
    invalidTechnicalFields: 'Tehnilised andmed on vigased: {fields}',
    otherUsersProducts: 'Õigused puuduvad, või on session aegunud',
    serviceNotFound: 'Lisateenust ei leitud',
  },
  contact: {
    failed: 'Viga saatmisel',
    // English in the seed, kept verbatim.
    succeeded: 'Aitäh kirja eest, vastame esimesel võimalusel',
  },
  passwordReset: {
    forgotFailed: 'Vale email',
    forgotSucceeded: 'Õnnestus! Kontrolli oma emaili.',
    changeSucceeded: 'Õnnestus! uus parool seatud.',
    changeFailed: 'Parooli muutmine ebaõnnestus.',
    invalidLink: 'Parooli taastamise link on vigane või aegunud.',
    mailSubject: 'Rendime: parooli taastamine',
    mailBody:
      'Tere!\n\nUue parooli saad seada sellel lingil (kehtib 24 tundi):\n{link}\n\nKui sa ei palunud parooli taastamist, jäta see kiri tähelepanuta.\n\nRendime',
  },
  identity: {
    succeeded: 'Isikutuvastus õnnestus',
    failed: 'Isikutuvastus ebaõnnestus: {message}',
    cancelled: 'Isikutuvastus tühistatud',
    cancelledEnglish: 'Identity verification cancelled',
    notIdentified: 'Meil ei õnnestu sind tuvastada. Proovige palun uuesti! Vea jätkumisel kirjutage meile {email}',
    alreadyVerified: 'Kasutaja on juba identifitseeritud.',
    welcome: 'Tere tulemast {product}sse!',
    userExists: 'Sellise isikukoodiga kasutaja eksisteerib {product} platvormil',
  },
  account: {
    noAccountNr: 'Väljamakseks lisa oma pangakonto number konto seadetes.',
    withdrawalFailed: 'Väljamakse ebaõnnestus, proovi uuesti mõne aja pärast.',
    depositFailed: 'Makse ebaõnnestus',
    payFailed: 'Maksmine ebaõnnestus',
    paySucceeded: 'Maksmine õnnestus',
    // Server refusals of the money calls (issue 12).
    paymentNotAllowed: 'Sissemakse pole sinu kontol lubatud: tuvasta esmalt oma isik.',
    paymentTooLate: 'Lepingut saab maksta kuni tund enne rendi algust.',
    contractNotPayable: 'Leping ei oota makset.',
    invalidSignature: 'Makseteatise allkiri ei klapi.',
    orderNotFound: 'Makset ei leitud.',
    /** A signed notification whose amount, currency or merchant is not this order's (issue 30). */
    notificationMismatch: 'Makseteatise summa, valuuta või saaja ei klapi tellimusega.',
    bankUnknown: 'Vali pank.',
    bankListUnavailable: 'Pankade nimekirja ei õnnestunud laadida. Proovi hetke pärast uuesti.',
    notOwnProfile: 'Teise kasutaja seadeid muuta ei saa.',
    vatOnlyForBusiness: 'Käibemaksukohustus on ainult ärikliendil.',
  },
  // The operator's console (issue 31): refusals of the /admin calls.
  operator: {
    queryTooLong: 'Otsingusõna on liiga pikk.',
    reasonRequired: 'Kirjuta põhjus (vähemalt 3 märki).',
    reasonTooLong: 'Põhjus on liiga pikk (kuni 500 märki).',
    userNotFound: 'Kasutajat ei leitud.',
    notSelf: 'Oma kontot ei saa peatada.',
    notAdmin: 'Administraatori kontot ei saa peatada.',
    alreadySuspended: 'Konto on juba peatatud.',
    notSuspended: 'Konto ei ole peatatud.',
    payoutsRequired: 'Vali väljamaksed.',
    payoutsTooMany: 'Korraga saab valida kuni 500 väljamakset.',
    payoutsNotPending: 'Mõni valitud väljamakse ei oota enam väljamaksmist.',
    payoutInvalidIban: 'Kasutaja {name} pangakonto number puudub või on vigane: väljamakset ei saa eksportida.',
    payoutNotExported: 'Väljamakse {id} ei ole veel maksefaili eksporditud.',
    payoutAlreadyExported:
      'Väljamakse {id} on juba maksefaili {msgId} eksporditud. Sama faili uuesti koostamiseks vali uuesti eksportimine.',
    amountInvalid: 'Summa peab olema täisarv sentides, 0 või suurem.',
    disputeNotFound: 'Vaidlust ei leitud.',
    disputeDecided: 'Vaidlus on juba lahendatud.',
    refundOverPaid: 'Tagasimakse ei saa olla suurem kui rentija makstud {amount}.',
    disputeNotAllowed: 'Selle lepingu kohta ei saa praegu kaebust esitada.',
  },
  images: {
    addSucceeded: 'Failide lisamine õnnestus.',
    addFailed: 'Failide lisamine ebaõnnestub.',
    editSucceeded: 'Failide muutmine õnnestus.',
    editFailed: 'Viga failide muutmisel',
    // Server refusals of the image calls (issue 11); the spec names the rules, not these texts.
    invalidFileType: 'Lubatud on ainult jpeg-, png- ja bmp-pildid.',
    fileTooLarge: 'Pilt on liiga suur (kuni 9,9 MB).',
    noFiles: 'Vali vähemalt üks pilt.',
    lastImage: 'Tootel peab olema vähemalt üks pilt.',
    unknownImage: 'Pilti ei leitud.',
    tooManyUploads: 'Liiga palju üleslaadimisi, proovi mõne minuti pärast uuesti.',
    identityRequired: 'Toote lisamiseks tuleb esmalt isik tuvastada.',
  },
  location: {
    geolocationUnsupported: 'Pole toetatud sinu brauseri poolt asukoht, leia teksti väljast käsitsi.',
  },
  search: {
    chooseCategory: 'Vali kategooria',
    // Issue 32: the search's period and price range (the period's order, length, past and horizon
    // reuse the booking's texts: errors.booking.startAfterEnd, startInPast, api.rentalTooLong, rentalTooFarAhead).
    periodFormat: 'Kuupäev peab olema kujul AAAA-KK-PP või kellaajaga AAAA-KK-PPTHH:mm.',
    periodKinds: 'Algus ja lõpp peavad olema mõlemad kuupäevad või mõlemad kellaajaga.',
    periodBoth: 'Rendiperioodil peavad olema nii algus kui ka lõpp.',
    priceOrder: 'Madalaim hind ei saa olla suurem kui kõrgeim hind.',
    priceWholeEuros: 'Hind peab olema täisarv eurodes, 0 kuni 10 000 000.',
    periodEmpty: 'Lõppaeg peab olema hiljem kui algusaeg.',
  },
  // Tallinn wall-clock times a person typed or picked (the search's hours, an owner's manual rent).
  time: {
    skippedByClockChange: 'Kellaaega {time} ei ole {date} Eesti ajas (kellad keeratakse sel ööl tund edasi). Vali teine kellaaeg.',
  },
  // Issue 32: the owner's calendar links and followed outside calendars.
  calendar: {
    linkNotFound: 'Kalendrit ei leitud. Link võib olla tühistatud.',
    needsVerification: 'Kalendri kasutamiseks tuleb esmalt isik tuvastada.',
    importNotFound: 'Kalendrit ei leitud.',
    importUrlInvalid: 'Sisesta kalendri aadress, mis algab https://.',
    importUrlCredentials: 'Kalendri aadressis ei tohi olla kasutajanime ega parooli. Kasuta kalendri jagamiseks mõeldud privaatset linki.',
    importUrlInside: 'See aadress on sisevõrgus või selles arvutis. Sisesta kalendri aadress internetis, mis algab https://.',
    importUrlOwn:
      'See on Rendime enda kalendri aadress: selle broneeringud on tootel juba olemas. Lisa siia mõne teise kalendri (nt Google’i või Airbnb) aadress.',
    importDuplicate: 'See kalender on tootele juba lisatud.',
    tooManyImports: 'Tootele saab lisada kuni {max} kalendrit.',
  },
  // Issue 32: saved products.
  savedProducts: {
    unavailable: 'Toodet ei leitud või see pole enam rendiks saadaval.',
    tooMany: 'Salvestada saab kuni {max} toodet. Eemalda mõni salvestatud toode ja proovi uuesti.',
  },
  rentalLife,
} as const;
