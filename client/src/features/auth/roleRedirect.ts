import type { UserRole } from '@riffroom/protocol';

/** Spec part 4, Login: producers and engineers have their own dashboards; everyone else the default. */
export function dashboardPathFor(role: UserRole | string | undefined): string {
  switch (role) {
    case 'producer':
      return '/producer-dashboard';
    case 'engineer':
      return '/engineer-dashboard';
    default:
      return '/dashboard';
  }
}
