import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { BusinessReport } from '@app/contract/business-carbon';
import { setCookie } from '../../../lib/cookies.ts';
import { cleanup, clearAllCookies, render } from '../../../test/render.tsx';
import { json, stubApi, submit, typeInto } from '../../../test/dom.ts';
import { until } from '../../../test/until.ts';
import { BusinessReportPanel } from './BusinessReportPanel.tsx';

const YEAR = new Date().getUTCFullYear();
const CODE = 'FERN-ABC123';
const empty: BusinessReport = {
  businessId: 'b1',
  businessCode: CODE,
  businessName: 'Fernleaf',
  year: YEAR,
  period: { from: `${YEAR}-01-01`, to: `${YEAR}-12-31` },
  unit: 'kg CO2e',
  generatedAt: `${YEAR}-06-01T00:00:00.000Z`,
  lines: [],
  categories: [],
  operations: { recorded: false, updatedAt: null, kg: 0 },
  events: [],
  members: { shared: 0, notShared: 0, kg: 0, list: [] },
  retired: { tonnes: 0, certificates: [], voidExcluded: 0, byMonth: Array(12).fill(0) },
  totals: { inventoryKg: 0, membersKg: 0, grossKg: 0, retiredKg: 0, netInventoryKg: 0, netKg: 0 },
  method: ['Reporting period: calendar year.'],
  notCovered: ['Scope 1 and scope 2'],
  sources: [],
};

function renderPanel(report: BusinessReport) {
  stubApi({
    [`GET /api/v1/business-reports/${CODE}/${YEAR}`]: () => json(200, { success: true, data: report }),
    [`GET /api/v1/business-reports/${CODE}/sharing`]: () => json(200, { success: true, data: { businessCode: CODE, share: false, sharedAt: null } }),
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <BusinessReportPanel businessCode={CODE} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  clearAllCookies();
  setCookie('JWTToken', 'token-1');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('BusinessReportPanel', () => {
  it('shows the figures in tonnes, the certificates, and says how many void ones were left out', async () => {
    const report: BusinessReport = {
      ...empty,
      categories: [{ category: 'scope3.6', label: 'Scope 3, category 6: Business travel', kg: 10_675 }],
      lines: [{ category: 'scope3.6', source: 'spend', label: 'Air (NAICS 481111)', kg: 10_675, method: 'Spend-based', factorSource: 'US EPA USEEIO v1.2', factorYear: 2021 }],
      retired: { tonnes: 9, voidExcluded: 1, byMonth: [3, 0, 0, 0, 0, 4, 0, 0, 0, 0, 0, 2], certificates: [{ serial: 'GMC-2026-AAAA-BBBB-CCCC', projectName: 'Kenya cookstoves', standard: 'Gold Standard', country: 'Kenya', vintage: 2024, projectValidUntil: '2030-12-31', tonnes: 9, beneficiaryType: 'business', beneficiaryName: 'Fernleaf', issuedAt: `${YEAR}-01-01T00:00:00.000Z`, status: 'valid' }] },
      totals: { inventoryKg: 10_675, membersKg: 0, grossKg: 10_675, retiredKg: 9_000, netInventoryKg: 1_675, netKg: 1_675 },
    };
    const { container } = renderPanel(report);
    await until(() => expect(container.querySelector('[data-testid="report-net"]')).not.toBeNull());
    expect(container.querySelector('[data-testid="report-inventory"]')!.textContent).toBe('10.68 t CO₂e');
    expect(container.querySelector('[data-testid="report-retired"]')!.textContent).toBe('9.00 t CO₂e');
    expect(container.querySelector('[data-testid="report-net"]')!.textContent).toBe('1.68 t CO₂e');
    expect(container.textContent).toContain('GMC-2026-AAAA-BBBB-CCCC');
    expect(container.textContent).toContain('vintage 2024');
    expect(container.textContent).toContain('US EPA USEEIO v1.2 (2021)');
    expect(container.textContent).toContain('1 void (refunded) certificate is not counted.');
  });

  it('says what to do instead of drawing empty charts', async () => {
    const { container } = renderPanel(empty);
    await until(() => expect(container.querySelectorAll('[data-testid="chart-empty"]')).toHaveLength(2));
    expect(container.textContent).toContain(`Nothing recorded for ${YEAR}`);
    expect(container.textContent).toContain(`No certificates were issued in the business's name in ${YEAR}`);
    const sharing = container.querySelector<HTMLInputElement>('.business-report__sharing input')!;
    await until(() => expect(sharing.disabled).toBe(false));
    expect(sharing.checked).toBe(false);
  });

  it("lets the owner record an earlier year's spend for that year's report only", async () => {
    const past = YEAR - 1;
    const pastReport = { ...empty, year: past, period: { from: `${past}-01-01`, to: `${past}-12-31` } };
    const api = stubApi({
      [`GET /api/v1/business-reports/${CODE}/${YEAR}`]: () => json(200, { success: true, data: empty }),
      [`GET /api/v1/business-reports/${CODE}/${past}`]: () => json(200, { success: true, data: pastReport }),
      [`GET /api/v1/business-reports/${CODE}/sharing`]: () => json(200, { success: true, data: { businessCode: CODE, share: false, sharedAt: null } }),
      [`GET /api/v1/business-profiles/carbon-inputs/${CODE}`]: () => json(200, { success: true, data: { year: past, inputs: null, updatedAt: null } }),
      [`PUT /api/v1/business-profiles/carbon-inputs/${CODE}`]: () => json(200, { success: true, data: {} }),
    });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const { container } = render(
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <BusinessReportPanel businessCode={CODE} canEditSpend />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const select = container.querySelector<HTMLSelectElement>('.business-report__controls select')!;
    act(() => {
      select.value = String(past);
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
    const addButton = () => [...container.querySelectorAll('button')].find((b) => b.textContent === `Add spend for ${past}`);
    await until(() => expect(addButton()).toBeDefined());
    expect(container.textContent).toContain(`No spend is recorded for ${past}`);
    act(() => addButton()!.click());
    await until(() => expect(container.querySelector('form.business-carbon__form')?.textContent).toContain(`Spend in ${past}`));
    const form = container.querySelector('form.business-carbon__form')!;
    expect(api.calls.some((c) => c.method === 'GET' && c.path === `/api/v1/business-profiles/carbon-inputs/${CODE}?year=${past}`)).toBe(true);
    typeInto(form.querySelector('input[inputmode="decimal"]')!, '12,500');
    submit(form);
    await until(() => expect(api.calls.find((c) => c.method === 'PUT')).toBeDefined());
    const put = api.calls.find((c) => c.method === 'PUT')!;
    expect(put.path).toBe(`/api/v1/business-profiles/carbon-inputs/${CODE}?year=${past}`);
    expect((put.body as { spend: unknown[] }).spend).toEqual([{ naics: expect.any(String), usd: 12_500 }]);
    await until(() => expect(container.querySelector('form.business-carbon__form')).toBeNull());
  });

  it('offers no spend editing to a member who may only read the report', async () => {
    const { container } = renderPanel(empty);
    await until(() => expect(container.textContent).toContain(`Nothing recorded for ${YEAR}`));
    expect([...container.querySelectorAll('button')].some((b) => /spend for/.test(b.textContent ?? ''))).toBe(false);
  });
});
