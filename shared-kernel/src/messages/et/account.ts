export const account = {
  profileTitle: 'Minu profiil',
  email: 'E-post',
  phone: 'Telefon',
  missing: 'Lisamata',
} as const;
