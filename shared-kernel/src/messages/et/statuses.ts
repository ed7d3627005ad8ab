/** Status labels of reservations and contracts (section 4 of both spec documents). */
export const statuses = {
  reservation: {
    REQUESTED: 'Kinnitamata',
    ACCEPTED: 'Kinnitatud',
    DECLINED: 'Ei soovi',
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
    CANCELLED: 'Tühistatud',
    APPEALED: 'Kaebus esitatud',
    SOLVED: 'Lahendatud',
    MANUAL: 'Käsitsi',
    FINISHED: 'Lõpetatud, maksed edastatud',
  },
} as const;
