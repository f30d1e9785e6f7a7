import { useState } from 'react';
import { Button } from '../../../components/ui/Button.tsx';
import { useToast } from '../../../components/ui/useToast.ts';
import { adminUrl, type Query } from '../api/admin-client.ts';
import { readAdminToken } from '../api/admin-token.ts';

/**
 * Downloads a CSV the admin API makes (`GET {path}?{query}`): fetched with the admin token (a
 * plain link would not carry it) and saved as `carbonwise-{name}-{date}.csv`.
 */
export function ExportCsvButton({ path, query, name }: { path: string; query?: Query; name: string }) {
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const response = await fetch(adminUrl(path, query), { headers: { Authorization: `Bearer ${readAdminToken() ?? ''}` } });
      if (!response.ok) throw new Error('The export could not be made. Please try again.');
      const url = URL.createObjectURL(await response.blob());
      const link = document.createElement('a');
      link.href = url;
      link.download = `carbonwise-${name}-${new Date().toISOString().slice(0, 10)}.csv`;
      link.click();
      URL.revokeObjectURL(url);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'The export failed.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="secondary" size="sm" loading={busy} onClick={() => void download()}>
      Export CSV
    </Button>
  );
}
