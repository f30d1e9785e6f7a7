import { stringify } from 'csv-stringify/sync';
import { GHG_CATEGORIES, type BusinessReport } from '@app/contract/business-carbon';

export const REPORT_CSV_COLUMNS = ['section', 'category', 'item', 'kg_co2e', 'tonnes_co2e', 'usd_2021', 'kg_co2e_per_usd', 'method', 'factor_source', 'factor_year', 'serial', 'project', 'standard', 'country', 'vintage', 'valid_until', 'beneficiary', 'issued_at'] as const;
type Column = (typeof REPORT_CSV_COLUMNS)[number];

/**
 * A cell a spreadsheet would read as a formula (=, +, -, @, tab, CR at the start) gets a leading
 * apostrophe: names and project titles are typed by people. Numbers are written as numbers.
 */
export const safeCell = (text: string) => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);

const kg = (value: number) => value.toFixed(1);
const tonnes = (value: number) => (value / 1000).toFixed(3);

/**
 * The report as one CSV: the inventory lines, the category totals, the totals and net figures,
 * then one row per certificate. The same figures as the JSON, rounded to 0.1 kg. UTF-8 with a byte
 * order mark, so spreadsheet programs read "×" and "₂" in names as written.
 */
export function reportCsv(report: BusinessReport): string {
  const rows: Array<Partial<Record<Column, string>>> = [];
  const row = (values: Partial<Record<Column, string>>) => rows.push(Object.fromEntries(Object.entries(values).map(([key, value]) => [key, key === 'kg_co2e' || key === 'tonnes_co2e' || key === 'usd_2021' || key === 'kg_co2e_per_usd' || key === 'factor_year' || key === 'vintage' ? value : safeCell(value ?? '')])));

  row({ section: 'report', item: `${report.businessName} (${report.businessCode}) emissions report ${report.year}`, method: `Period ${report.period.from} to ${report.period.to}; unit kg CO2e` });
  for (const line of report.lines) {
    row({
      section: line.category === 'memo.members' ? 'memo' : 'inventory',
      category: GHG_CATEGORIES[line.category],
      item: line.label,
      kg_co2e: kg(line.kg),
      tonnes_co2e: tonnes(line.kg),
      usd_2021: line.usd === undefined ? '' : line.usd.toFixed(2),
      kg_co2e_per_usd: line.kgPerUsd === undefined ? '' : String(line.kgPerUsd),
      method: line.method,
      factor_source: line.factorSource,
      factor_year: String(line.factorYear),
    });
  }
  for (const category of report.categories) row({ section: 'category total', category: category.label, kg_co2e: kg(category.kg), tonnes_co2e: tonnes(category.kg) });
  const totals: Array<[string, number]> = [
    ['Inventory (scope 3 categories above)', report.totals.inventoryKg],
    ["Members' shared household footprints (memo)", report.totals.membersKg],
    ['Gross: inventory and members', report.totals.grossKg],
    ['Retired in the business\'s name (valid certificates)', report.totals.retiredKg],
    ['Net inventory: inventory minus retired', report.totals.netInventoryKg],
    ['Net: gross minus retired', report.totals.netKg],
  ];
  for (const [item, value] of totals) row({ section: 'total', item, kg_co2e: kg(value), tonnes_co2e: tonnes(value) });
  for (const c of report.retired.certificates) {
    row({
      section: 'certificate',
      item: c.projectName,
      kg_co2e: kg(c.tonnes * 1000),
      tonnes_co2e: c.tonnes.toFixed(3),
      serial: c.serial,
      project: c.projectName,
      standard: c.standard ?? '',
      country: c.country ?? '',
      vintage: c.vintage === null ? '' : String(c.vintage),
      valid_until: c.projectValidUntil ?? '',
      beneficiary: c.beneficiaryName,
      issued_at: c.issuedAt,
    });
  }
  if (report.retired.voidExcluded > 0) row({ section: 'note', item: `${report.retired.voidExcluded} void certificate(s) issued in ${report.year} are not counted` });
  for (const text of report.method) row({ section: 'method', method: text });
  for (const text of report.notCovered) row({ section: 'not covered', method: text });
  return stringify(rows, { header: true, columns: [...REPORT_CSV_COLUMNS], bom: true });
}
