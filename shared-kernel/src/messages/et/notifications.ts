/** Texts of the notifications and mails the API records for booking events (shown by messaging). */
export const notifications = {
  rentalRequest: 'Uus rendisoov tootele {product}: {start} – {end}.',
  rentalRequestMailSubject: 'Rendime: uus rendisoov – {product}',
  rentalRequestMailBody:
    'Tere!\n\n{renter} soovib rentida toodet {product} ajavahemikul {start} – {end}.\nKinnita või keeldu enne rendi algust: {link}\n\nRendime',
  requestApproved: 'Rendisoov tootele {product} ({start} – {end}) on kinnitatud. Omaniku sõnum: {text}',
  requestDeclined: 'Omanik keeldus rendisoovist tootele {product} ({start} – {end}): {reason}.',
  // Issue 31: the platform suspended one party's account; the other party's request is closed.
  requestClosedBySuspension: 'Rendisoov tootele {product} ({start} – {end}) suleti, sest teise osapoole konto on peatatud.',
  // Issue 31: disputes.
  disputeOpened: 'Lepingu {product} kohta esitati kaebus: {kind}. Platvorm lahendab selle.',
  disputeDecided: 'Kaebus lepingu {product} kohta on lahendatud: trahv {penalty}, tagasimakse rentijale {refund}.',
  requestCancelled: 'Rentija tühistas rendisoovi tootele {product} ({start} – {end}).',
  manualRentCancelled: '{person} tühistas rendi tootele {product} ({start} – {end}).',
  servicesUpdated: 'Rentija muutis rendisoovi lisateenuseid tootele {product} ({start} – {end}). Lisateenused kokku {services}.',
  contractCancelled: 'Leping tootele {product} ({start} – {end}) on tühistatud. Tagastatakse {refund}.',
  contractCancelledNothingPaid:
    'Leping tootele {product} ({start} – {end}) on tühistatud. Makset ei olnud veel tehtud, seega pole midagi tagastada.',
  contractCancelledNoRefund:
    'Leping tootele {product} ({start} – {end}) on tühistatud. Tühistamistingimuste järgi makstud summat ei tagastata.',
  contractPaid: 'Rentija maksis toote {product} ({start} – {end}) rendi eest. Raha laekub sinu kontole rendi lõppedes.',
  contractReceived: 'Rentija märkis toote {product} kättesaaduks.',
  contractHandedOver: 'Omanik märkis toote {product} üleantuks.',
  contractReturned: '{party} märkis toote {product} tagastatuks.',
  contractFinished: 'Toote {product} rent ({start} – {end}) on lõppenud: mõlemad pooled märkisid tagastuse.',
  rentalUpdateMailSubject: 'Rendime: {product}',
  rentalUpdateMailBody: 'Tere!\n\n{message}\nVaata lähemalt: {link}\n\nRendime',
  partyRenter: 'Rentija',
  partyOwner: 'Omanik',
  // Issue 12 (ours): an instant book or go-kart booking paid by bank link.
  instantBookPaid: '{renter} broneeris ja tasus toote {product} ({start} – {end}).',
  gokartBookingPaid: '{person} broneeris kardisõidu {day}: {riders} sõitjat, ajad {slots}.',
  requestDeclinedBySystem: 'Rendisoov tootele {product} ({start}) aegus: omanik ei vastanud enne rendi algust.',
  // Issue 13: the welcome on registration and the owner's notice of a review (ours; the spec names only the types).
  welcome: 'Tere tulemast Rendime keskkonda! Vaata oma profiil üle ja alusta rentimist.',
  feedbackReceived: 'Tootele {product} anti tagasiside: hinnang {rating}/5.',
  // Issue 32: a product the user saved got cheaper (renter's day price, whole euros as search shows it).
  savedProductPriceDrop: 'Salvestatud toote {product} hind langes: {old} → {new} päevas.',
  notificationMailSubject: 'Rendime: uus teavitus',
  notificationMailBody: 'Tere!\n\n{message}\nVaata lähemalt: {link}\n\nRendime',
} as const;
