/** The Carbonwise leaf on the accent square (the shop's mark, drawn here so the console needs nothing from the shop's header). */
export function AdminMark({ size = 28 }: { size?: number }) {
  return (
    <svg viewBox="0 0 32 32" width={size} height={size} aria-hidden="true">
      <rect width="32" height="32" rx="8" fill="var(--color-accent)" />
      <path d="M22.5 9.5C14 9.5 9.5 14 9.5 21.5v1h1c7.5 0 12-4.5 12-13z" fill="#fff" />
      <path d="M9.5 22.5 17 15" stroke="var(--color-accent)" strokeWidth="1.6" strokeLinecap="round" />
    </svg>
  );
}
