/**
 * Rental extensions (issue 31, ADR 0044): what the API answers, notifies and prints on the contract.
 * The terms (spec 1): the renter may request an extension; it is valid only if the owner accepts
 * before the original period ends.
 */
export const extensions = {
  errors: {
    notFound: 'Pikendussoovi ei leitud.',
    ownerOnly: 'Pikenduse kinnitab või lükkab tagasi toote omanik.',
    renterOnly: 'Pikendust soovib ja tasub rentija.',
    notActive: 'Pikendada saab ainult makstud ja kestvat renti.',
    notExtendable: 'Seda renti ei saa platvormil pikendada.',
    alreadyOpen: 'Lepingul on juba ootel pikendussoov.',
    notLater: 'Uus lõpp peab olema pärast praegust lõppu.',
    wholeDays: 'Päevarenti pikendatakse terve päeva kaupa: uus lõpp peab olema samal kellaajal kui praegune.',
    hourlySameDay: 'Tunnirenti saab pikendada täistundide kaupa sama päeva piires.',
    ended: 'Algne rendiperiood on lõppenud, pikendus aegus.',
    notOpen: 'Pikendussoov ei oota enam seda sammu.',
    noPrice: 'Tootel puudub selle perioodi hind.',
  },
  notices: {
    requested:
      'Rentija soovib pikendada toote {product} renti kuni {end} (lisatasu {amount}). Pikendus kehtib, kui kinnitad selle enne {deadline}.',
    acceptedPaid: 'Omanik kinnitas toote {product} rendi pikenduse kuni {end}. Lisatasu {amount} võeti sinu kontojäägist.',
    acceptedToPay:
      'Omanik kinnitas toote {product} rendi pikenduse kuni {end}. Tasu lisatasu {amount} enne {deadline}, muidu pikendus aegub.',
    declined: 'Omanik keeldus toote {product} rendi pikendamisest kuni {end}.',
    paid: 'Toote {product} rendi pikendus on tasutud: rent kestab kuni {end}.',
    lapsed: 'Toote {product} rendi pikendussoov kuni {end} aegus, sest seda ei kinnitatud ja tasutud enne {deadline}. Tasu ei võetud.',
  },
  document: {
    version: 'Lepingu versioon {version}',
    title: 'Pikendused',
    line: 'Versioon {version}: rendiperiood pikendati {previous} → {next} ({date}); lisatasu {amount}.',
  },
} as const;
