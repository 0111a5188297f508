import { createContext, useContext, type ReactNode } from 'react';
import type { Api } from '../services/api';
import type { Identity } from '../services/identity';
import type { Realtime } from '../services/realtime';
import type { BrowserFeatures } from '../services/media/browserSupport';
import type { RoomConnectors } from '../services/media/roomConnection';

/** Everything that talks to the outside world; tests hand in fakes here instead of a network. */
export interface Services {
  identity: Identity;
  api: Api;
  realtime: Realtime;
  /** Opens a room screen's live connection (socket and media), as host or as guest. */
  connectRoom: RoomConnectors;
  /** What this browser offers of what a room needs, found once at start. */
  browser: BrowserFeatures;
  /** The deployment's PUBLIC_URL (GET /api/auth/config), when it set one. */
  publicUrl?: string;
}

const ServicesContext = createContext<Services | null>(null);

export function ServicesProvider({ services, children }: { services: Services; children: ReactNode }) {
  return <ServicesContext.Provider value={services}>{children}</ServicesContext.Provider>;
}

export function useServices(): Services {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('useServices() needs a <ServicesProvider> above it');
  return services;
}

/**
 * Where links people pass on (invites, the calendar feed) point: the deployment's PUBLIC_URL, so a
 * host who opened the box at a LAN address still hands out the address guests can reach, or else
 * the address this page was opened at.
 */
export function useLinkOrigin(): string {
  return useServices().publicUrl ?? window.location.origin;
}
