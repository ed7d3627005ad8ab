/** Texts that domain rules produce (weekday letters, decline reasons, sorting). */
export const domain = {
  weekdayLetters: {
    MONDAY: 'E',
    TUESDAY: 'T',
    WEDNESDAY: 'K',
    THURSDAY: 'N',
    FRIDAY: 'R',
    SATURDAY: 'L',
    SUNDAY: 'P',
  },
  declineReasons: {
    BETTER_OFFER: 'Sain parema pakkumise',
    NOT_AVAILABLE: 'Toode ei ole saadaval',
    PRODUCT_BROKEN: 'Toode on katki',
  },
  // Issue 31: what a dispute is about (the terms' penalties and the renter's 'Toode oli katki').
  disputeKinds: {
    BROKEN: 'Toode oli katki',
    DEFECTS_NOT_REPORTED: 'Puudustest ei teatatud',
    THIRD_PARTY: 'Toode anti kolmandale isikule',
    NOT_RETURNED: 'Toodet ei tagastatud',
  },
  sorting: {
    CHEAP_FIRST: 'Odavamad enne',
    CHEAP_LAST: 'Kallimad enne',
    CLOSE_KM: 'Lähemad enne',
  },
  /** The inactive reason of a product removed from rent without a reason given (the API stores it). */
  defaultInactiveReason: 'Eemaldatud rendist',
  /** A product's headline price (kernel `headlinePriceText`): per day, or per go-kart ride. */
  prices: {
    perDay: '{price} / päev',
    perGoKartRide: '{price} / {minutes} min sõit ühele sõitjale',
  },
  /** Ends a cut title, so a shortened name cannot pass for a whole (wrong) model name. */
  ellipsis: '…',
} as const;
