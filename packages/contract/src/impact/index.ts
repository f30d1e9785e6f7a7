import { z } from 'zod';
import { dataEnvelope } from '../common/envelope.ts';

/**
 * Verified impact (issue 27.3, 26.17): what a public sustainability page (personal or business)
 * has retired, computed from its valid certificates only, and the embeddable badge that shows it.
 */
export const IMPACT_KINDS = ['users', 'businesses'] as const;
export type ImpactKind = (typeof IMPACT_KINDS)[number];

/** The badge's stable address: `/api/v1/impact/{kind}/{slug}/badge.svg`. */
export const impactBadgePath = (kind: ImpactKind, slug: string) => `/api/v1/impact/${kind}/${encodeURIComponent(slug)}/badge.svg`;
/** The public page that lists the certificates behind the badge. */
export const impactPagePath = (kind: ImpactKind, slug: string) => `${kind === 'users' ? '/sustainability/' : '/business-sustainability/'}${encodeURIComponent(slug)}#impact`;

/** The copy-and-paste HTML of a badge: a link to the page around the image. */
export function impactBadgeSnippet(origin: string, kind: ImpactKind, slug: string, name: string): string {
  const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  return `<a href="${escape(origin + impactPagePath(kind, slug))}"><img src="${escape(origin + impactBadgePath(kind, slug))}" alt="${escape(`${name}: verified CO2e retired`)}" height="28"></a>`;
}

export const impactParamsSchema = z.object({
  kind: z.enum(IMPACT_KINDS),
  slug: z.string().trim().min(1).max(160).regex(/^[a-z0-9][a-z0-9-]*$/i, 'must be the address name of a public page'),
});

export const impactCertificateSchema = z.object({
  serial: z.string(),
  projectName: z.string(),
  standardName: z.string().nullable(),
  country: z.string().nullable(),
  /** Tonnes of CO2e retired by this certificate. */
  tonnes: z.number(),
  issuedAt: z.string(),
  /** The public verification page of the serial. */
  verifyPath: z.string(),
});

export const impactSchema = z.object({
  kind: z.enum(IMPACT_KINDS),
  slug: z.string(),
  name: z.string(),
  /** Tonnes of CO2e retired, from valid certificates only (void ones are left out). */
  tonnesRetired: z.number(),
  certificateCount: z.number().int(),
  /** Newest first, at most 100. */
  certificates: z.array(impactCertificateSchema),
  /** Tonnes retired per calendar month (UTC, `YYYY-MM`), oldest first, the last 12 months with any. */
  monthly: z.array(z.object({ month: z.string(), tonnes: z.number() })),
  /** Footprints the owner chose to show (newest first, at most 12): a person's own; a business's, those its owner saved as business or event footprints. */
  publicFootprints: z.array(z.object({ kind: z.string(), totalKg: z.number(), createdAt: z.string() })),
  badgePath: z.string(),
  pagePath: z.string(),
});
export type Impact = z.infer<typeof impactSchema>;
export const impactEnvelopeSchema = dataEnvelope(impactSchema);
