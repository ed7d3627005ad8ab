/** How people appear next to questions and reviews: a company by name, a person as 'Mari M.'. */
export function publicAuthorName(user: { type: string; name: string; lastName: string | null }): string {
  if (user.type === 'B2B') return user.name;
  const initial = Array.from(user.lastName ?? '')[0];
  return initial ? `${user.name} ${initial}.` : user.name;
}
