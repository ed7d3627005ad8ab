/** A user's name as the console shows it. */
export function fullName(user: { name: string; lastName: string | null }): string {
  return [user.name, user.lastName].filter(Boolean).join(' ');
}
