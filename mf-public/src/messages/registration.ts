import type { TextCatalogue } from 'shared-kernel/messages';

/**
 * Texts of registration and the password screens. Error texts live in the kernel's `errors`/`validation`,
 * and so do the answers of the company-register check (the API sends them: `errors.registration`).
 */
export const registrationTexts = {
  title: 'Registreeru',
  privateTab: 'Eraklient',
  businessTab: 'Äriklient',
  swipeHint: 'Libista vahelehtede vahetamiseks',
  email: 'E-post',
  password: 'Parool',
  passwordRepeat: 'Korda parooli',
  companyName: 'Ettevõtte nimi',
  registryCode: 'Registrikood',
  representativeName: 'Esindaja nimi',
  representativeCode: 'Esindaja isikukood',
  vatPayer: 'Käibemaksukohuslane',
  identityTitle: 'Esindaja isikutuvastus',
  identityNeedsCode: 'Isikutuvastuseks sisesta esindaja isikukood.',
  identityVerified: 'Esindaja isik on tuvastatud.',
  identityUnavailable: 'Isikutuvastus ei ole hetkel saadaval. Proovi hiljem uuesti.',
  termsLink: 'Kasutustingimused',
  submit: 'Registreeru',
  haveAccount: 'Konto juba olemas?',
  signIn: 'Logi sisse',
  // Forgot / change password
  forgotTitle: 'Unustasid parooli?',
  forgotIntro: 'Sisesta oma e-posti aadress ja saadame sulle lingi uue parooli seadmiseks.',
  forgotSubmit: 'Saada link',
  changeTitle: 'Sea uus parool',
  newPassword: 'Uus parool',
  newPasswordRepeat: 'Korda uut parooli',
  changeSubmit: 'Salvesta parool',
  checkingLink: 'Kontrollin linki...',
} as const satisfies TextCatalogue;
