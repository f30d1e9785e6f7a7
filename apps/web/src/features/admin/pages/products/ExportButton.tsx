import { ExportCsvButton } from '../../components/ExportCsvButton.tsx';

/** Downloads every product as CSV (`GET products/export`). */
export function ExportButton() {
  return <ExportCsvButton path="products/export" name="products" />;
}
