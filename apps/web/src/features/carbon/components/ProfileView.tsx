import type { PublicSustainabilityProfile } from '@app/contract/sustainability';

const SOCIAL = [
  ['twitter', 'X (Twitter)'],
  ['linkedin', 'LinkedIn'],
  ['instagram', 'Instagram'],
  ['facebook', 'Facebook'],
] as const;

/**
 * A sustainability profile as the public sees it. Hidden fields never reach the browser (the
 * server leaves them out), so this only draws what is present. Links open with noopener and
 * no referrer; an external image address is a link (the site's CSP loads images only from here).
 */
export function ProfileView({ profile, countryName }: { profile: PublicSustainabilityProfile; countryName?: string }) {
  const contacts = [
    profile.email && (
      <li key="email">
        <a href={`mailto:${profile.email}`}>{profile.email}</a>
      </li>
    ),
    profile.phone && (
      <li key="phone">
        <a href={`tel:${profile.phone.replace(/[^+0-9]/g, '')}`}>{profile.phone}</a>
      </li>
    ),
    ...SOCIAL.map(([key, label]) =>
      profile[key] ? (
        <li key={key}>
          <a href={profile[key]} target="_blank" rel="noopener noreferrer">
            {label}
          </a>
        </li>
      ) : null,
    ),
  ].filter(Boolean);

  return (
    <article className="profile-view" data-theme={profile.themeSelected}>
      <header className="profile-view__banner">
        {profile.image ? (
          <img className="profile-view__image" src={profile.image} alt="" width={112} height={112} />
        ) : (
          <span className="profile-view__image profile-view__image--empty" aria-hidden="true">
            {(profile.name ?? profile.title ?? '?').slice(0, 1).toUpperCase()}
          </span>
        )}
        <div>
          <h1 className="profile-view__title">{profile.title || 'Sustainability profile'}</h1>
          {profile.name && <p className="profile-view__name">{profile.name}</p>}
          {(countryName || profile.country) && <p className="profile-view__meta">{countryName ?? profile.country}</p>}
        </div>
      </header>
      <div className="profile-view__body">
        {profile.description && <p className="profile-view__description">{profile.description}</p>}
        {profile.aboutUs && (
          <section>
            <h2 className="profile-view__heading">About us</h2>
            {profile.aboutUs.split(/\n{2,}|\n/).map((paragraph, i) => (
              <p key={i}>{paragraph}</p>
            ))}
          </section>
        )}
        {!profile.image && profile.imageURL && (
          <p>
            <a href={profile.imageURL} target="_blank" rel="noopener noreferrer">
              View picture
            </a>
          </p>
        )}
        {contacts.length > 0 && (
          <section>
            <h2 className="profile-view__heading">Contact and links</h2>
            <ul className="profile-view__links">{contacts}</ul>
          </section>
        )}
      </div>
    </article>
  );
}
