import { useState } from 'react';
import { Button } from '../../../components/ui/Button.tsx';
import { useToast } from '../../../components/ui/useToast.ts';

/**
 * The recovery codes, shown this once (the server keeps only their hashes): copy them, download
 * them as a text file, or print them. The operator confirms they are kept before going on.
 */
export function RecoveryCodesStep({ codes, email, onDone, doneLabel = 'Continue to the console' }: { codes: string[]; email: string; onDone: () => void; doneLabel?: string }) {
  const toast = useToast();
  const [saved, setSaved] = useState(false);
  const text = `Carbonwise Admin recovery codes for ${email}\nEach code works once. Keep them somewhere safe.\n\n${codes.join('\n')}\n`;
  const copy = () =>
    navigator.clipboard?.writeText(text).then(
      () => toast.success('Recovery codes copied'),
      () => toast.error('Copying is not allowed here: download the codes instead'),
    );
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'carbonwise-admin-recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <div className="admin-auth__step">
      <h1 className="admin-auth__title">Save your recovery codes</h1>
      <p className="admin-auth__text">
        If you lose your phone, each of these codes signs you in once. <strong>This is the only time they are shown.</strong>
      </p>
      <ul className="admin-recovery" aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
      <div className="admin-auth__actions">
        <Button variant="secondary" size="sm" onClick={() => void copy()}>
          Copy
        </Button>
        <Button variant="secondary" size="sm" onClick={download}>
          Download .txt
        </Button>
        <Button variant="secondary" size="sm" onClick={() => window.print()}>
          Print
        </Button>
      </div>
      <label className="admin-check">
        <input type="checkbox" checked={saved} onChange={(event) => setSaved(event.target.checked)} />I have stored these codes somewhere safe
      </label>
      <Button fullWidth disabled={!saved} onClick={onDone}>
        {doneLabel}
      </Button>
    </div>
  );
}
