/** The banks of the sandbox provider (estonia.md: the Estonian banks a user expects, plus card). */
export const SANDBOX_BANKS = [
  { code: 'HABAEE2X', name: 'Swedbank', logo: 'swedbank' },
  { code: 'EEUHEE2X', name: 'SEB', logo: 'seb' },
  { code: 'LHVBEE22', name: 'LHV', logo: 'lhv' },
  { code: 'RIKOEE22', name: 'Luminor', logo: 'luminor' },
  { code: 'EKRDEE22', name: 'Coop Pank', logo: 'coop' },
  { code: 'PARXEE22', name: 'Citadele', logo: 'citadele' },
  { code: 'CARD', name: 'Kaardimakse', logo: 'card' },
] as const;

export const SANDBOX_LOGOS: ReadonlySet<string> = new Set(SANDBOX_BANKS.map((b) => b.logo));
