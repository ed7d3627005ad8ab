/**
 * Texts of a rental's life after payment (issue 31, ADR 0043): the handover and return marks, the
 * late-return fee, the debt it may leave and the terms' debtor limits. The spec quotes none of
 * these; the API sends them and the booking slice shows them.
 */
export const rentalLife = {
  handoverTooEarly: 'Toote kättesaamist saab märkida alates {time} (kõige varem 24 tundi enne rendi algust).',
  receiveNotAllowed: 'Toote kättesaamist ei saa selle lepingu juures märkida.',
  notHandedOver: 'Tagasisidet ja probleemiteateid saab esitada alles pärast seda, kui rentija on toote kätte saanud.',
  returnNotAllowed: 'Tagastust saab märkida ainult toote omanik pärast seda, kui rentija on toote kätte saanud.',
  renterInDebt: 'Sul on tasumata võlg {debt}. Uusi broneeringuid saad teha pärast võla tasumist: tee oma kontole sissemakse.',
  renterInDebtShort: 'Sul on tasumata võlg. Uusi broneeringuid saad teha pärast võla tasumist.',
  debtorLimit:
    'Maksehäiretega kasutaja võib korraga rentida kuni {limit} väärtuses. Sinu pooleliolevad rendid on {current}, see broneering ({amount}) ületaks piiri.',
  debtorLimitShort: 'Broneering ületaks maksehäiretega kasutaja rendipiiri.',
  debtorLimitExplained:
    'Registreerimisel leiti sinu kohta maksehäire. Tingimuste järgi võid korraga rentida kuni 500 € (ettevõttena 2000 €) väärtuses; tasumata võlaga uusi broneeringuid teha ei saa.',
  lateFeeCharged:
    'Toode {product} tagastati {units} {unit} pärast rendi lõppu. Hilinemistasu {fee} (kahekordne {unitPrice} hind) on arveldatud{debt}.',
  lateFeeDebt: ', tasumata jäi {debt}, mis on sinu võlg',
  unitHours: 'tundi',
  unitDays: 'päeva',
  unitPriceHour: 'tunni',
  unitPriceDay: 'päeva',
} as const;
