import {
  acceptErrorMessage,
  bookingErrorMessage,
  contractStatusLabel,
  feedbackErrorMessage,
  headlinePrice,
  headlinePriceText,
  loginErrorMessage,
  problemReportErrorMessage,
  registrationErrorMessage,
  reservationStatusLabel,
} from './index';

// The numbers themselves are pinned where they act (the client's 15 s timeout in api-client.test.ts,
// the notices' 3 s in ui.test.tsx); here, what the go-kart track's id changes for a caller.
describe('the go-kart track', () => {
  it('is priced per 20-minute ride for one rider (20 €), whatever day price it stores', () => {
    const track = { id: 229, priceDaily: 999, allowVat: true };
    expect(headlinePrice(track, 'renter')).toEqual({ cents: 2000, per: 'goKartRide' });
    expect(headlinePriceText(headlinePrice(track, 'renter')!)).toMatch(/^20,00\s€ \/ 20 min/);
    expect(headlinePrice({ ...track, id: 228 }, 'renter')?.per).toBe('day');
  });
});

describe('status labels', () => {
  it('looks labels up in the catalogue; an unknown code never shows itself (issue 25)', () => {
    expect(reservationStatusLabel('REQUESTED')).toBe('Kinnitamata');
    expect(reservationStatusLabel('CANCELLED')).toBe('Katkestatud');
    expect(contractStatusLabel('CANCELLED')).toBe('Tühistatud');
    expect(contractStatusLabel('ACCEPTED')).toBe('Rent aktiivne');
    expect(contractStatusLabel('CAPTURED')).toBe('Toode käes, rent aktiivne');
    expect(contractStatusLabel('RETURNED')).toBe('Tagastatud');
    expect(reservationStatusLabel('PENDING_PAYMENT')).toBe('Makse ootel');
    expect(reservationStatusLabel('CAPTURED')).toBe('Toode käes');
    expect(reservationStatusLabel('DECLINED_BY_SYSTEM')).toBe('Aegunud');
    expect(contractStatusLabel('SOMETHING_NEW')).toBe('Teadmata olek');
    expect(contractStatusLabel('toString')).toBe('Teadmata olek');
    expect(contractStatusLabel(undefined)).toBe('');
  });
});

describe('error messages by server code', () => {
  it('booking', () => {
    expect(bookingErrorMessage(['SELF_PRODUCT', 'UNAVAILABLE'])).toBe('Enda toodet ei saa rentida.');
    expect(bookingErrorMessage('UNAVAILABLE', { rentPage: true })).toBe(
      'Toode on antud ajavahemikus juba broneeritud. (vt. rendikalender)',
    );
    // Issue 25: each reason its own text; the reason after a generic first code decides.
    expect(bookingErrorMessage('IS_VACATION_DAY')).toBe('Valitud ajavahemikku jääb omaniku puhkepäev, mil toodet ei rendita.');
    expect(bookingErrorMessage('IS_VACATION_DAY', { rentPage: true })).toBe(
      'Valitud ajavahemikku jääb omaniku puhkepäev, mil toodet ei rendita. (vt. rendikalender)',
    );
    expect(bookingErrorMessage(['UNAVAILABLE', 'OUTSIDE_RENT_HOURS'], { rentPage: true })).toBe(
      'Üleandmine ja tagastamine peavad jääma toote rendiaegade sisse.',
    );
    expect(bookingErrorMessage(['UNAVAILABLE', 'NOT_RENT_DAY'])).toBe('Toodet ei saa sel päeval üle anda ega tagastada.');
    expect(bookingErrorMessage(['UNAVAILABLE', 'PRODUCT_INACTIVE'])).toBe('Toode ei ole hetkel renditav.');
    expect(bookingErrorMessage(['VALIDATION_ERROR', 'RENTAL_TOO_LONG'])).toBe('Rendiperiood on liiga pikk.');
    expect(bookingErrorMessage(['VALIDATION_ERROR', 'RENTAL_TOO_FAR_AHEAD'])).toBe('Nii kaugele ette ei saa broneerida.');
    expect(bookingErrorMessage('INVALID_TIMES')).toBe('Algusaeg on enne praegust ajahetke.');
    expect(bookingErrorMessage('INVALID_TIMES_START_AFTER_END')).toBe('Algusaeg on pärast lõppaega.');
    expect(bookingErrorMessage('WHATEVER')).toBe('Broneerimine ebaõnnestus.');
    expect(bookingErrorMessage([])).toBe('Broneerimine ebaõnnestus.');
  });

  it('registration', () => {
    expect(registrationErrorMessage('USER_EXIST', { business: true })).toBe('Kasutajanimi on juba võetud.');
    expect(registrationErrorMessage('USER_EXIST', { business: false })).toBe('Email on juba võetud.');
    expect(registrationErrorMessage('IDENTITY_NOT_VERIFIED', { business: true })).toBe(
      'Esindaja isik ei ole tuvastatud. Tuvasta esindaja isik enne registreerumist.',
    );
    expect(registrationErrorMessage('EMAIL_ALREADY_IN_USE', { business: false })).toBe('Email on juba kasutusel.');
    expect(registrationErrorMessage('INVALID_PASSWORD', { business: false })).toMatch(/vähemalt 8/);
    expect(registrationErrorMessage('BOOM', { business: false })).toBe('Viga registreerumisel - võta ühendust info@rendime.ee');
  });

  it('login, accept, feedback, withdrawal', () => {
    expect(loginErrorMessage({ message: 'org.x.LockedException: locked' })).toBe(
      'Liiga palju ebaõnnestunud sisselogimisi, konto on tunniks lukustatud',
    );
    expect(loginErrorMessage({ code: 'BAD_CREDENTIALS' })).toBe('Vale email või parool');
    expect(acceptErrorMessage(['INVALID_ADDITIONAL_COST'])).toBe('Lisateenuste summa ei klapi, uuenda veebilehitsejat.');
    expect(acceptErrorMessage(['RESERVATION_OUTDATED'])).toBe('Vananenud broneering.');
    expect(acceptErrorMessage(['INVALID_STATUS'])).toBe('Broneeringu olek on vahepeal muutunud, laadi leht uuesti.');
    expect(acceptErrorMessage(['HTTP_500'])).toBe('Kinnitamine ebaõnnestus.');
    expect(feedbackErrorMessage('User has no rights for feedback.')).toBe(
      'Salvestamine ebaõnnestus - teil pole õigust tootele tagasisidet jätta.',
    );
    expect(feedbackErrorMessage('x')).toBe('Salvestamine ebaõnnestus');
    expect(problemReportErrorMessage({ code: 'NO_RIGHTS' })).toBe(
      'Salvestamine ebaõnnestus - teil pole õigust selle toote kohta probleemi esitada.',
    );
    expect(problemReportErrorMessage({ code: 'HTTP_500' })).toBe('Salvestamine ebaõnnestus');
    expect(loginErrorMessage({ code: 'ACCOUNT_SUSPENDED', message: 'Konto on peatatud' })).toBe('Konto on peatatud');
  });
});
