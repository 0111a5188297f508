import {
  restRoutes,
  type CreateRoomBody,
  type CreateRoomResponse,
  type RoomRole,
  type RoomSettings,
  type RoomSettingsPatch,
  type RoomView,
} from '@riffroom/protocol';
import { ApiError } from './errors';
import type { HttpClient } from './http';

export type CreatedRoom = CreateRoomResponse['room'];

/** The rooms calls of spec part 7. */
export interface RoomsApi {
  create(body: CreateRoomBody): Promise<CreatedRoom>;
  /** The caller's newest room that has not ended, or null: the host screen resumes it. */
  mine(): Promise<CreatedRoom | null>;
  /** Records the host's peer id (the peer-to-peer tier dials it). */
  setPeer(roomId: string, peerId: string): Promise<void>;
  /** Host only: changes the room's tier; its guests are told and choose their tier again. */
  updateSettings(roomId: string, patch: RoomSettingsPatch): Promise<RoomSettings>;
  /**
   * Open to anyone with the link (spec part 6); rejects with status 404 when unknown or ended, and
   * with room/private when the room is private and the caller is not one of its invitees.
   */
  get(roomId: string): Promise<RoomView>;
  /**
   * The media node to connect to (scaled out), or null for this server; asked again after a node is
   * lost, it re-places the caller on a live one.
   */
  node(roomId: string): Promise<string | null>;
  join(roomId: string, role: RoomRole): Promise<void>;
  leave(roomId: string): Promise<void>;
  /** Host only. */
  end(roomId: string): Promise<void>;
}

export function createRoomsApi(http: HttpClient): RoomsApi {
  return {
    async create(body) {
      return (await http.authed(restRoutes.createRoom, { body })).room;
    },
    async mine() {
      return (await http.authed(restRoutes.myLiveRoom)).room;
    },
    async setPeer(roomId, peerId) {
      await http.authed(restRoutes.setRoomPeer, { params: { roomId }, body: { peerId } });
    },
    async updateSettings(roomId, patch) {
      return (await http.authed(restRoutes.updateRoomSettings, { params: { roomId }, body: patch })).settings;
    },
    async get(roomId) {
      try {
        // Spec part 6: this one needs no token, so an anonymous guest can open an invite link.
        return (await http.open(restRoutes.getRoom, { params: { roomId } })).room;
      } catch (error) {
        // A private room shows itself only to its invitees: ask again as the signed-in user, if any.
        if (!(error instanceof ApiError) || error.code !== 'room/private') throw error;
        return (await http.authed(restRoutes.getRoom, { params: { roomId } })).room;
      }
    },
    async node(roomId) {
      try {
        return (await http.open(restRoutes.roomNode, { params: { roomId } })).url;
      } catch (error) {
        // As get(): a private room places only its invitees.
        if (!(error instanceof ApiError) || error.code !== 'room/private') throw error;
        return (await http.authed(restRoutes.roomNode, { params: { roomId } })).url;
      }
    },
    async join(roomId, role) {
      await http.authed(restRoutes.joinRoom, { params: { roomId }, body: { role } });
    },
    async leave(roomId) {
      await http.authed(restRoutes.leaveRoom, { params: { roomId } });
    },
    async end(roomId) {
      await http.authed(restRoutes.endRoom, { params: { roomId } });
    },
  };
}
