import { useState } from 'react';
import { Button } from '../../../../components/ui/Button.tsx';
import { useToast } from '../../../../components/ui/useToast.ts';
import { adminUrl } from '../../api/admin-client.ts';
import { readAdminToken } from '../../api/admin-token.ts';

/** Downloads every product as CSV (`GET products/export`): fetched with the admin token, saved as a file. */
export function ExportButton() {
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const response = await fetch(adminUrl('products/export'), { headers: { Authorization: `Bearer ${readAdminToken() ?? ''}` } });
      if (!response.ok) throw new Error('The export could not be made. Please try again.');
      const url = URL.createObjectURL(await response.blob());
      const link = document.createElement('a');
      link.href = url;
      link.download = `carbonwise-products-${new Date().toISOString().slice(0, 10)}.csv`;
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
