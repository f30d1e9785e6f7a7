/**
 * An email address that may wrap at the "@" on narrow screens instead of mid-word, e.g.
 * "ada.lovelace" / "@example.com" rather than "example.co" / "m".
 */
export function EmailAddress({ email, className }: { email: string; className?: string }) {
  const at = email.lastIndexOf('@');
  return (
    <strong className={className}>
      {at > 0 ? (
        <>
          {email.slice(0, at)}
          <wbr />
          {email.slice(at)}
        </>
      ) : (
        email
      )}
    </strong>
  );
}
