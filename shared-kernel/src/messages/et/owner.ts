export const owner = {
  myProductsTitle: 'Minu tooted',
  signedInAs: 'Kasutaja: {name}',
  /** The inactive reason of a product removed from rent without a reason given. */
  defaultInactiveReason: 'Eemaldatud rendist',
  /** Labels of the technical fields (owner spec 3), shown by the wizards and the product pages. */
  technical: {
    width: 'Laius',
    height: 'Kõrgus',
    lengthOfItem: 'Pikkus',
    weight: 'Kaal',
    maxCarry: 'Kandevõime',
    engineType: 'Mootori tüüp',
    issueYear: 'Väljalaskeaasta',
    power: 'Võimsus',
    axleCount: 'Telgede arv',
    seat: 'Istekohti',
    gear: 'Käigukast',
    platformHeight: 'Töökõrgus',
    canGoForeign: 'Võib viia välismaale',
    carryingWheels: 'Vedu',
    carryConfiguration: 'Veermik',
    distanceTravelled: 'Läbisõit',
    radiusMax: 'Maksimaalne ulatus',
    platformMeasurements: 'Platvormi mõõdud',
    liftType: 'Tõstuki tüüp',
  },
} as const;
