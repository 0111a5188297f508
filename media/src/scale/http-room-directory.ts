import {
  INTERNAL_SECRET_HEADER,
  parseRouteResponse,
  routePath,
  restRoutes,
  type RestRoute,
  type RouteResponse,
} from '@riffroom/protocol';
import type { RoomSettings } from '@riffroom/protocol';
import type { RoomDirectory } from '../realtime/room-directory.js';

/** An API that does not answer within this is down as far as a join is concerned. */
const REQUEST_TIMEOUT_MS = 5000;

/**
 * A media node's room directory when it runs apart from the API: the API's internal routes
 * (server routes/internal.ts), authenticated with the shared INTERNAL_SECRET. Every answer is
 * checked against the contract before the node believes it.
 */
export class HttpRoomDirectory implements RoomDirectory {
  constructor(
    private readonly apiUrl: string,
    private readonly secret: string,
  ) {}

  async get(roomId: string) {
    return (await this.ask(restRoutes.internalRoom, routePath(restRoutes.internalRoom, { roomId }))).room;
  }

  async admits(roomId: string, uid: string | null) {
    const path = routePath(restRoutes.internalRoomAdmits, { roomId }, { uid: uid ?? undefined });
    return (await this.ask(restRoutes.internalRoomAdmits, path)).admits;
  }

  async userName(uid: string) {
    return (await this.ask(restRoutes.internalUserName, routePath(restRoutes.internalUserName, { uid }))).name;
  }

  async hostGone(roomId: string, graceMs: number) {
    const path = routePath(restRoutes.internalHostGone, { roomId });
    return (await this.ask(restRoutes.internalHostGone, path, { graceMs })).grace;
  }

  async hostBack(roomId: string) {
    await this.ask(restRoutes.internalHostBack, routePath(restRoutes.internalHostBack, { roomId }));
  }

  async hostGraces() {
    return (await this.ask(restRoutes.internalHostGraces, routePath(restRoutes.internalHostGraces, {}))).graces;
  }

  async expire(roomId: string, graceId: string) {
    const path = routePath(restRoutes.internalExpireRoom, { roomId });
    await this.ask(restRoutes.internalExpireRoom, path, { graceId });
  }

  async remove(roomId: string, personKey: string) {
    const path = routePath(restRoutes.internalRemoveFromRoom, { roomId });
    await this.ask(restRoutes.internalRemoveFromRoom, path, { personKey });
  }

  async isRemoved(roomId: string, personKey: string) {
    const path = routePath(restRoutes.internalRoomRemoved, { roomId }, { personKey });
    return (await this.ask(restRoutes.internalRoomRemoved, path)).removed;
  }

  async saveSettings(roomId: string, settings: RoomSettings) {
    const path = routePath(restRoutes.internalSaveRoomSettings, { roomId });
    await this.ask(restRoutes.internalSaveRoomSettings, path, settings);
  }

  private async ask<R extends RestRoute>(route: R, path: string, body?: unknown): Promise<RouteResponse<R>> {
    const response = await fetch(new URL(path, this.apiUrl), {
      method: route.method,
      headers: {
        [INTERNAL_SECRET_HEADER]: this.secret,
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`the API answered ${response.status} to ${route.method} ${route.path}`);
    return parseRouteResponse(route, await response.json());
  }
}
