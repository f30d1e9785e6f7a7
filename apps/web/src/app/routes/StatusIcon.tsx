/** The round icon at the top of a one-message page (verified, already verified, invalid link). */
export function StatusIcon({ variant }: { variant: 'success' | 'info' | 'error' }) {
  const path = variant === 'success' ? 'M6 12.5l4 4 8-9' : variant === 'info' ? 'M12 8h.01M12 11v6' : 'M12 7v6M12 16.5h.01';
  const modifier = variant === 'success' ? '' : ` auth-card__icon--${variant}`;
  return (
    <span className={`auth-card__icon${modifier}`} aria-hidden="true">
      <svg viewBox="0 0 24 24" width="28" height="28">
        <path d={path} fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    </span>
  );
}
