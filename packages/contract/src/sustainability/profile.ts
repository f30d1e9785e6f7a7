import { z } from 'zod';
import { emailSchema } from '../auth/schemas.ts';
import { lookupField, textField } from '../common/text-policy.ts';

/**
 * The personal sustainability profile of spec §3: edited by its owner, shown publicly at
 * /sustainability/{slug}. Each show flag hides its field from the public view on the server:
 * a hidden field is never sent.
 */

/** The closed list of page themes; spec §3 names blue as the default. */
export const PROFILE_THEMES = ['blue', 'green', 'teal', 'earth', 'slate', 'plum'] as const;
export type ProfileTheme = (typeof PROFILE_THEMES)[number];
export const DEFAULT_PROFILE_THEME: ProfileTheme = 'blue';

/** The social links and the host each must point at (https only). */
export const SOCIAL_LINK_HOSTS = {
  twitter: ['twitter.com', 'x.com'],
  linkedin: ['linkedin.com'],
  instagram: ['instagram.com'],
  facebook: ['facebook.com', 'fb.com'],
} as const;
export type SocialNetwork = keyof typeof SOCIAL_LINK_HOSTS;
export const SOCIAL_NETWORKS = Object.keys(SOCIAL_LINK_HOSTS) as SocialNetwork[];

/** Fields with a show flag (spec §3: name, phone, email and each social link). */
export const PROFILE_FLAGGED_FIELDS = ['name', 'phone', 'email', ...SOCIAL_NETWORKS] as const;
export type ProfileFlaggedField = (typeof PROFILE_FLAGGED_FIELDS)[number];
export const showFlagName = (field: ProfileFlaggedField) => `show${field[0].toUpperCase()}${field.slice(1)}` as `show${Capitalize<ProfileFlaggedField>}`;

/** Is `value` an https URL on `network`'s host (or a subdomain such as www. or uk.)? */
export function isSocialLink(network: SocialNetwork, value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.username || url.password || url.port) return false;
  const host = url.hostname.toLowerCase();
  return SOCIAL_LINK_HOSTS[network].some((allowed) => host === allowed || host.endsWith(`.${allowed}`));
}

/** An uploaded image's address as POST /v1/uploads answers it. */
export const UPLOAD_PATH_PATTERN = /^\/uploads\/[a-f0-9]{32}\.(png|jpg|webp)$/;

const SOCIAL_LABELS: Record<SocialNetwork, string> = { twitter: 'X (Twitter)', linkedin: 'LinkedIn', instagram: 'Instagram', facebook: 'Facebook' };

const socialLink = (network: SocialNetwork) =>
  z
    .string()
    .trim()
    .max(300, 'A link has at most 300 characters')
    .refine((value) => value === '' || isSocialLink(network, value), `Enter an https:// link to ${SOCIAL_LABELS[network]} (${SOCIAL_LINK_HOSTS[network].join(' or ')})`)
    .default('');

/** Free text under the contract's one text policy (common/text-policy.ts); multi-line keeps line breaks. */
const multiLineText = (max: number, label: string) => textField({ label, max, multiline: true }).default('');
const oneLine = (max: number, label: string) => textField({ label, max }).default('');

const showFlags = {
  showName: z.boolean().default(false),
  showPhone: z.boolean().default(false),
  showEmail: z.boolean().default(false),
  showTwitter: z.boolean().default(false),
  showLinkedin: z.boolean().default(false),
  showInstagram: z.boolean().default(false),
  showFacebook: z.boolean().default(false),
};

/** PUT /v1/sustainability-profile: the whole profile (missing fields become empty / hidden). */
export const sustainabilityProfileBodySchema = z.object({
  /** An image uploaded through POST /v1/uploads (its `/uploads/…` address), or ''. */
  image: z
    .string()
    .trim()
    .refine((value) => value === '' || UPLOAD_PATH_PATTERN.test(value), 'Upload the image first; image must be an /uploads/… address')
    .default(''),
  /** An image elsewhere on the web (https), used when no image is uploaded. */
  imageURL: z
    .string()
    .trim()
    .max(500, 'An image link has at most 500 characters')
    .refine((value) => value === '' || /^https:\/\/[^\s<>"']+$/.test(value), 'Enter an https:// link to the image')
    .default(''),
  title: oneLine(120, 'title'),
  description: multiLineText(500, 'description'),
  aboutUs: multiLineText(5_000, 'about us text'),
  country: z
    .string()
    .trim()
    .toUpperCase()
    .refine((value) => value === '' || /^[A-Z]{2}$/.test(value), 'Choose a country from the list')
    .default(''),
  name: oneLine(120, 'name'),
  phone: z
    .string()
    .trim()
    .refine((value) => value === '' || /^\+?[0-9 ()-]{6,20}$/.test(value), 'Enter a phone number with digits only')
    .default(''),
  email: z.union([z.literal(''), emailSchema]).default(''),
  twitter: socialLink('twitter'),
  linkedin: socialLink('linkedin'),
  instagram: socialLink('instagram'),
  facebook: socialLink('facebook'),
  ...showFlags,
  themeSelected: z.enum(PROFILE_THEMES, { error: `Choose one of the themes: ${PROFILE_THEMES.join(', ')}` }).default(DEFAULT_PROFILE_THEME),
});
export type SustainabilityProfileBody = z.input<typeof sustainabilityProfileBodySchema>;
export type SustainabilityProfileFields = z.output<typeof sustainabilityProfileBodySchema>;

/** What the owner reads back: every field, plus where the public page lives. */
export const ownSustainabilityProfileSchema = z.object({
  image: z.string(),
  imageURL: z.string(),
  title: z.string(),
  description: z.string(),
  aboutUs: z.string(),
  country: z.string(),
  name: z.string(),
  phone: z.string(),
  email: z.string(),
  twitter: z.string(),
  linkedin: z.string(),
  instagram: z.string(),
  facebook: z.string(),
  showName: z.boolean(),
  showPhone: z.boolean(),
  showEmail: z.boolean(),
  showTwitter: z.boolean(),
  showLinkedin: z.boolean(),
  showInstagram: z.boolean(),
  showFacebook: z.boolean(),
  themeSelected: z.enum(PROFILE_THEMES),
  slug: z.string(),
  /** false until the owner first saves: the public page answers 404 until then. */
  published: z.boolean(),
  updatedAt: z.string().nullable(),
});
export type OwnSustainabilityProfile = z.infer<typeof ownSustainabilityProfileSchema>;

/** The public view: flagged fields whose show flag is off are absent, not empty. */
export const publicSustainabilityProfileSchema = z.object({
  slug: z.string(),
  image: z.string(),
  imageURL: z.string(),
  title: z.string(),
  description: z.string(),
  aboutUs: z.string(),
  country: z.string(),
  themeSelected: z.enum(PROFILE_THEMES),
  name: z.string().optional(),
  phone: z.string().optional(),
  email: z.string().optional(),
  twitter: z.string().optional(),
  linkedin: z.string().optional(),
  instagram: z.string().optional(),
  facebook: z.string().optional(),
  updatedAt: z.string(),
});
export type PublicSustainabilityProfile = z.infer<typeof publicSustainabilityProfileSchema>;

export const profileSlugParamsSchema = z.object({
  slug: lookupField('an address name', 120),
});

/** POST /v1/uploads answers where the image now lives. */
export const uploadResultSchema = z.object({
  url: z.string(),
  contentType: z.enum(['image/png', 'image/jpeg', 'image/webp']),
  bytes: z.number().int(),
});
export type UploadResult = z.infer<typeof uploadResultSchema>;

/** A profile with nothing filled in yet: what GET answers before the first save. */
export const EMPTY_SUSTAINABILITY_PROFILE: SustainabilityProfileFields = {
  image: '',
  imageURL: '',
  title: '',
  description: '',
  aboutUs: '',
  country: '',
  name: '',
  phone: '',
  email: '',
  twitter: '',
  linkedin: '',
  instagram: '',
  facebook: '',
  showName: false,
  showPhone: false,
  showEmail: false,
  showTwitter: false,
  showLinkedin: false,
  showInstagram: false,
  showFacebook: false,
  themeSelected: DEFAULT_PROFILE_THEME,
};
