import {
  CARBON_FACTORS,
  CARBON_UNIT,
  FACTOR_SET_YEAR,
  type BusinessResult,
} from '@app/contract';
import {
  GHG_CATEGORIES,
  GHG_CATEGORIES_NOT_COVERED,
  GHG_CATEGORY_KEYS,
  ghgCategoryOfNaics,
  type BusinessReport,
  type ReportCertificate,
  type ReportLine,
} from '@app/contract/business-carbon';

const DESNZ = 'UK DESNZ, Greenhouse gas reporting: conversion factors 2025';
const USEEIO = 'US EPA Supply Chain GHG Emission Factors v1.2 (USEEIO), with margins';
const SCARBOROUGH = 'Scarborough et al. 2014 (diet), meals a third of a day';
const HOUSEHOLD = 'Household model: Our World in Data 2024 per-capita CO2, DESNZ 2025, Scarborough 2014';

export interface ReportSources {
  business: { id: string; businessCode: string; name: string };
  year: number;
  now: Date;
  operations: { result: BusinessResult; radiativeForcing: boolean; updatedAt: Date } | null;
  events: Array<{ eventId: string; name: string; startDate: string; footprints: number; totalKg: number; travelKg: number; accommodationKg: number; cateringKg: number; factorSetYear: number | null }>;
  members: Array<{ firstName: string; lastName: string; role: string; totalKg: number; savedAt: Date; shared: boolean; result: Record<string, unknown> }>;
  certificates: Array<{
    serial: string;
    projectName: string;
    standard: string | null;
    country: string | null;
    vintage: number | null;
    projectValidUntil: string | null;
    tonnesMilli: number;
    beneficiaryType: 'person' | 'business' | 'event';
    beneficiaryName: string;
    issuedAt: Date;
    status: 'valid' | 'void';
  }>;
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

/**
 * The report from what it is built on: pure, so its sums are checked without a database too.
 * Every figure is kg CO2e, unrounded; tonnes retired are summed in thousandths (as stored).
 */
export function buildReport(src: ReportSources): BusinessReport {
  const lines: ReportLine[] = [];
  const ops = src.operations;
  if (ops) {
    const byNaics = new Map<string, ReportLine>();
    for (const line of ops.result.spendLines) {
      const found = byNaics.get(line.naics) ?? {
        category: ghgCategoryOfNaics(line.naics),
        source: 'spend' as const,
        label: `${line.title} (NAICS ${line.naics})`,
        kg: 0,
        usd: 0,
        kgPerUsd: line.kgPerUsd,
        method: 'Spend-based: 2021 USD × kg CO2e per USD',
        factorSource: USEEIO,
        factorYear: CARBON_FACTORS.spend.source.year,
      };
      found.kg += line.total;
      found.usd = (found.usd ?? 0) + line.usd;
      byNaics.set(line.naics, found);
    }
    lines.push(...byNaics.values());
    const rf = ops.radiativeForcing ? 'with radiative forcing' : 'without radiative forcing';
    const activity = [
      ['flights', 'Flights', `Activity-based: great-circle km × DESNZ factor by band and cabin, ${rf}`],
      ['hotels', 'Hotel stays', 'Activity-based: room-nights × DESNZ hotel factor of the country'],
      ['surfaceTravel', 'Rail, road and other travel', 'Activity-based: km × DESNZ factor by mode'],
    ] as const;
    for (const [key, label, method] of activity) {
      const kg = ops.result.breakdown[key];
      if (kg > 0) lines.push({ category: 'scope3.6', source: 'activity', label, kg, method, factorSource: DESNZ, factorYear: ops.result.factorSetYear });
    }
  }

  const events = src.events.map((event) => ({
    eventId: event.eventId,
    name: event.name,
    startDate: event.startDate,
    footprints: event.footprints,
    travelKg: event.travelKg,
    accommodationKg: event.accommodationKg,
    cateringKg: event.cateringKg,
    // Venue hire and other spend shared among attendees: what the components leave.
    otherKg: Math.max(0, event.totalKg - event.travelKg - event.accommodationKg - event.cateringKg),
    totalKg: event.totalKg,
  }));
  for (const event of events) {
    const year = src.events.find((e) => e.eventId === event.eventId)?.factorSetYear ?? FACTOR_SET_YEAR;
    const parts = [
      ['scope3.6', 'attendee travel', event.travelKg, "Attendees' journeys × DESNZ factors by mode and distance", DESNZ, year],
      ['scope3.6', 'accommodation', event.accommodationKg, 'Room-nights × DESNZ hotel factor of the country', DESNZ, year],
      ['scope3.1', 'catering', event.cateringKg, 'Meals × diet factor per meal', SCARBOROUGH, CARBON_FACTORS.meals.perMeal.year],
      ['scope3.1', 'venue and other spend', event.otherKg, 'Spend shared per attendee × USEEIO factor', USEEIO, CARBON_FACTORS.spend.source.year],
    ] as const;
    for (const [category, part, kg, method, factorSource, factorYear] of parts) {
      if (kg > 0) lines.push({ category, source: 'event', label: `${event.name} (${event.startDate}): ${part}`, kg, method, factorSource, factorYear });
    }
  }

  const shared = src.members.filter((person) => person.shared);
  const membersKg = sum(shared.map((person) => person.totalKg));
  if (shared.length > 0) {
    lines.push({
      category: 'memo.members',
      source: 'members',
      label: `Household footprints shared by ${shared.length} ${shared.length === 1 ? 'person' : 'people'}`,
      kg: membersKg,
      method: 'Each person\'s latest household footprint saved into the business during the year',
      factorSource: HOUSEHOLD,
      factorYear: Math.max(...shared.map((person) => (typeof person.result.factorSetYear === 'number' ? person.result.factorSetYear : FACTOR_SET_YEAR))),
    });
  }

  const categories = GHG_CATEGORY_KEYS.map((category) => ({ category, label: GHG_CATEGORIES[category], kg: sum(lines.filter((line) => line.category === category).map((line) => line.kg)) })).filter(
    (entry) => entry.kg > 0,
  );
  const inventoryKg = sum(lines.filter((line) => line.category !== 'memo.members').map((line) => line.kg));

  const valid = src.certificates.filter((c) => c.status === 'valid');
  const retiredMilli = sum(valid.map((c) => c.tonnesMilli));
  const byMonth = Array.from({ length: 12 }, (_, month) => sum(valid.filter((c) => c.issuedAt.getUTCMonth() === month).map((c) => c.tonnesMilli)) / 1000);
  const retiredKg = retiredMilli; // thousandths of a tonne are kilograms
  const certificates: ReportCertificate[] = valid.map((c) => ({
    serial: c.serial,
    projectName: c.projectName,
    standard: c.standard,
    country: c.country,
    vintage: c.vintage,
    projectValidUntil: c.projectValidUntil,
    tonnes: c.tonnesMilli / 1000,
    beneficiaryType: c.beneficiaryType,
    beneficiaryName: c.beneficiaryName,
    issuedAt: c.issuedAt.toISOString(),
    status: 'valid',
  }));

  const operationsKg = sum(lines.filter((line) => line.source === 'spend' || line.source === 'activity').map((line) => line.kg));
  const factorYears = new Map<string, number>();
  for (const line of lines) factorYears.set(line.factorSource, Math.max(factorYears.get(line.factorSource) ?? 0, line.factorYear));

  return {
    businessId: src.business.id,
    businessCode: src.business.businessCode,
    businessName: src.business.name,
    year: src.year,
    period: { from: `${src.year}-01-01`, to: `${src.year}-12-31` },
    unit: CARBON_UNIT,
    generatedAt: src.now.toISOString(),
    lines,
    categories,
    operations: { recorded: Boolean(ops), updatedAt: ops ? ops.updatedAt.toISOString() : null, kg: operationsKg },
    events,
    members: {
      shared: shared.length,
      notShared: src.members.length - shared.length,
      kg: membersKg,
      list: shared
        .map((person) => ({ name: `${person.firstName} ${person.lastName}`.trim(), role: person.role as 'owner', totalKg: person.totalKg, savedAt: person.savedAt.toISOString() }))
        .sort((a, b) => b.totalKg - a.totalKg || a.name.localeCompare(b.name)),
    },
    retired: { tonnes: retiredMilli / 1000, certificates, voidExcluded: src.certificates.length - valid.length, byMonth },
    totals: {
      inventoryKg,
      membersKg,
      grossKg: inventoryKg + membersKg,
      retiredKg,
      netInventoryKg: inventoryKg - retiredKg,
      netKg: inventoryKg + membersKg - retiredKg,
    },
    method: methodOf(src.year, ops?.radiativeForcing ?? null),
    notCovered: [...GHG_CATEGORIES_NOT_COVERED],
    sources: [...factorYears].map(([name, year]) => ({ name, year })).sort((a, b) => a.name.localeCompare(b.name)),
  };
}

function methodOf(year: number, radiativeForcing: boolean | null): string[] {
  return [
    `Reporting period: calendar year ${year} (UTC). Certificates count by issue date, events by start date, members' footprints by the date they were saved into the business, and the business calculator by the inputs saved for ${year}.`,
    'Spend-based (GHG Protocol Scope 3 category 1 style): spend in 2021 US dollars × the US EPA USEEIO v1.2 supply-chain factor of its NAICS category, with margins. Passenger transport and hotel spend count as business travel (category 6), freight as category 4, waste services as category 5.',
    `Activity-based: flights by great-circle distance × the DESNZ 2025 factor for the band and cabin${radiativeForcing === null ? '' : radiativeForcing ? ', with radiative forcing' : ', without radiative forcing'}; hotels by room-nights × the DESNZ 2025 factor of the country; rail and road by km × DESNZ 2025. A trip counted as activity is not counted again as spend.`,
    "Events: the attendees' footprints recorded for the business's events. Travel and accommodation are business travel (category 6); catering and the venue's share are purchased goods and services (category 1).",
    "Members: the household footprints of the owner and members who chose to share theirs (each person's latest saved that year), shown as a memo outside the inventory, because a household footprint is a different boundary from the business's operations.",
    'Retired: tonnes on valid certificates issued in the year for the business or its events; void (refunded) certificates are left out. Net = emissions − tonnes retired (1 tonne = 1,000 kg CO2e). The GHG Protocol reports offsets apart from the inventory, so the gross figures stand on their own.',
  ];
}
