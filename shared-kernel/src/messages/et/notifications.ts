/** Texts of the notifications and mails the API records for booking events (shown by messaging). */
export const notifications = {
  rentalRequest: 'Uus rendisoov tootele {product}: {start} – {end}.',
  rentalRequestMailSubject: 'Rendime: uus rendisoov – {product}',
  rentalRequestMailBody:
    'Tere!\n\n{renter} soovib rentida toodet {product} ajavahemikul {start} – {end}.\nKinnita või keeldu enne rendi algust: {link}\n\nRendime',
  requestDeclinedBySystem: 'Rendisoov tootele {product} ({start}) aegus: omanik ei vastanud enne rendi algust.',
} as const;
