/** Texts of the owner's exported calendar file (issue 32), as a calendar app shows them. */
export const calendar = {
  allProductsName: 'Rendime: minu toodete broneeringud',
  namePrefix: 'Rendime:',
  /** When a booking has no name to show. */
  renter: 'Rentnik',
} as const;
