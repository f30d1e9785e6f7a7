import {
  DEFAULT_PROFILE_THEME,
  EMPTY_SUSTAINABILITY_PROFILE,
  type OwnSustainabilityProfile,
  type PublicSustainabilityProfile,
  type SustainabilityProfileFields,
} from '@app/contract/sustainability';
import { AppError, notFound } from '../../lib/app-error.ts';
import { profileFieldsOf, publicProfileFields } from './profile-view.ts';
import type { UserRow } from '../users/users.repository.ts';
import type { ReferenceData } from '../reference/reference.service.ts';
import type { Uploads } from '../uploads/uploads.service.ts';
import type { ProfileRow, SustainabilityRepository } from './sustainability.repository.ts';

const EMPTY = EMPTY_SUSTAINABILITY_PROFILE;

/**
 * The personal sustainability profile: the owner reads and replaces every field; the public
 * view drops each flagged field whose show flag is off here, on the server, so it is never sent.
 */
export function createSustainabilityService(deps: { repo: SustainabilityRepository; reference: ReferenceData; uploads: Uploads; now?: () => Date }) {
  const now = deps.now ?? (() => new Date());

  return {
    async own(user: UserRow): Promise<OwnSustainabilityProfile> {
      const row = await deps.repo.findByUser(user.id);
      return { ...(row ? profileFieldsOf(row) : EMPTY), slug: user.slug, published: Boolean(row), updatedAt: row ? row.updatedAt.toISOString() : null };
    },

    async save(user: UserRow, fields: SustainabilityProfileFields): Promise<OwnSustainabilityProfile> {
      if (fields.country && !deps.reference.countries.get(fields.country)) {
        throw new AppError('VALIDATION_FAILED', 'Please check country: choose a country from the list', { fields: { country: ['is not a country of the country list'] } });
      }
      if (fields.image && !(await deps.uploads.exists(fields.image))) {
        throw new AppError('VALIDATION_FAILED', 'Please check image: upload the image again', { fields: { image: ['no uploaded image has this address'] } });
      }
      const { imageURL, ...rest } = fields;
      const before = await deps.repo.findByUser(user.id);
      const row = await deps.repo.upsert(user.id, { ...rest, imageUrl: imageURL }, now());
      // Committed: a replaced image goes unless something else still shows it (issue 23 item 7).
      if (before && before.image !== row.image) await deps.uploads.release(before.image);
      return { ...profileFieldsOf(row), slug: user.slug, published: true, updatedAt: row.updatedAt.toISOString() };
    },

    async publicView(slug: string): Promise<PublicSustainabilityProfile> {
      const found = await deps.repo.findBySlug(slug);
      if (!found) throw notFound('That sustainability profile');
      return {
        slug: found.slug,
        ...publicProfileFields(profileFieldsOf(found.profile)),
        updatedAt: found.profile.updatedAt.toISOString(),
      };
    },
  };
}
export type SustainabilityService = ReturnType<typeof createSustainabilityService>;

