import { isUploadedPictureUrl } from '@riffroom/protocol';

/**
 * A profile picture, or the initials of the name when there is none (spec: 'placeholder if none').
 * Only a picture uploaded to this site is loaded: an older profile's link to another site shows
 * the initials, so no viewer's browser calls a third party (issue 36).
 */
export function Avatar({ name, imageUrl, size = 'medium' }: { name: string; imageUrl?: string; size?: Size }) {
  const className = `avatar avatar--${size}`;
  if (imageUrl && isUploadedPictureUrl(imageUrl)) return <img className={className} src={imageUrl} alt={name} />;
  return (
    <span className={`${className} avatar--placeholder`} role="img" aria-label={name || 'No profile picture'}>
      <span aria-hidden="true">{initials(name)}</span>
    </span>
  );
}

type Size = 'small' | 'medium' | 'large';

function initials(name: string): string {
  const letters = name
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase() ?? '');
  return letters.join('') || '?';
}
