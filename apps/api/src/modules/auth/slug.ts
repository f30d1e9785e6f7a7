/** A readable, unique-enough public id for referral links: names with the accents stripped, plus 6 random characters. */
export function makeSlug(firstName: string, lastName: string): string {
  const base = `${firstName}-${lastName}`
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `${base || 'member'}-${Math.random().toString(36).slice(2, 8)}`;
}
