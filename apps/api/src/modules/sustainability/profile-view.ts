import {
  PROFILE_FLAGGED_FIELDS,
  showFlagName,
  type ProfileTheme,
  type PublicSustainabilityProfile,
  type SustainabilityProfileFields,
} from '@app/contract/sustainability';
import type { sustainabilityProfiles } from '../../db/schema/index.ts';

/** The profile columns shared by the personal and the business tables (schema/carbon.ts, sustainabilityProfileColumns). */
type ProfileColumns = Omit<typeof sustainabilityProfiles.$inferSelect, 'userId'>;

/** A stored profile row (personal or business) as the contract's fields, without its owner's key. */
export function profileFieldsOf(row: ProfileColumns & { userId?: string; businessId?: string }): SustainabilityProfileFields {
  const { userId: _userId, businessId: _businessId, updatedAt: _updatedAt, imageUrl, themeSelected, ...rest } = row;
  return { ...rest, imageURL: imageUrl, themeSelected: themeSelected as ProfileTheme };
}

/** What a visitor sees of a profile: the open fields, and each flagged field only when its show flag is on. */
export function publicProfileFields(fields: SustainabilityProfileFields): Omit<PublicSustainabilityProfile, 'slug' | 'updatedAt'> {
  const view: Omit<PublicSustainabilityProfile, 'slug' | 'updatedAt'> = {
    image: fields.image,
    imageURL: fields.imageURL,
    title: fields.title,
    description: fields.description,
    aboutUs: fields.aboutUs,
    country: fields.country,
    themeSelected: fields.themeSelected,
  };
  for (const field of PROFILE_FLAGGED_FIELDS) {
    if (fields[showFlagName(field)] && fields[field]) view[field] = fields[field];
  }
  return view;
}
