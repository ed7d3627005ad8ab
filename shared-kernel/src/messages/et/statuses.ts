/** Status labels of reservations and contracts (section 4 of both spec documents). */
export const statuses = {
  unknown: 'Teadmata olek',
  reservation: {
    REQUESTED: 'Kinnitamata',
    // Ours (the spec labels these only as contracts or not at all): every status the API sends has
    // a label, so no code ever reaches a page (issue 25).
    PENDING_PAYMENT: 'Makse ootel',
    ACCEPTED: 'Kinnitatud',
    // Ours: the renter marked the item received ('Toode käes').
    CAPTURED: 'Toode käes',
    DECLINED: 'Ei soovi',
    DECLINED_BY_SYSTEM: 'Aegunud',
    CANCELLED: 'Katkestatud',
    TERMINATED: 'Tühistatud',
    FINISHED: 'Lõpetatud',
    // Ours: the spec labels a manual rent only as a contract ('Käsitsi'); its reservation reads the same.
    MANUAL: 'Käsitsi',
  },
  contract: {
    REQUESTED: 'Kinnitamata',
    PENDING_PAYMENT: 'Makse ootel',
    ACCEPTED: 'Rent aktiivne',
    // Ours: the renter marked the item received; the rent runs until the owner marks the return.
    CAPTURED: 'Toode käes, rent aktiivne',
    CANCELLED: 'Tühistatud',
    APPEALED: 'Kaebus esitatud',
    SOLVED: 'Lahendatud',
    MANUAL: 'Käsitsi',
    // Ours (the spec lists RETURNED without a label): the owner marked the return, payout to follow.
    RETURNED: 'Tagastatud',
    FINISHED: 'Lõpetatud, maksed edastatud',
  },
} as const;
