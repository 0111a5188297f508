import type { PublicUser } from '@riffroom/protocol';

/** The name to show for a user: their full name, else their username. */
export function displayName(user: Pick<PublicUser, 'user_name' | 'user_username'>): string {
  return user.user_name.trim() || user.user_username;
}

/** 'producer' → 'Producer'; a missing role reads 'Role unknown' (spec part 2, Messages). */
export function roleLabel(role: string | undefined | null): string {
  if (!role) return 'Role unknown';
  return role[0]!.toUpperCase() + role.slice(1);
}
