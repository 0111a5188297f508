import Router from '@koa/router';
import { restRoutes } from '@riffroom/protocol';
import { z } from 'zod';
import type { ProfilePictures } from '../files/profile-pictures.js';
import { caller, type AuthState } from '../middleware/authenticate.js';
import type { Guards } from '../middleware/guards.js';
import { parseParams } from '../middleware/validate.js';
import { uidSchema } from '@riffroom/protocol';
import { answer } from './contract.js';
import { sendFile } from './send-file.js';

const pictureParamsSchema = z.object({ uid: uidSchema });

/**
 * Profile pictures: uploaded through tus (/api/uploads, purpose 'profile-picture'), fetched by
 * anyone who can see profiles (the user list is open, so the picture is too), deleted by their owner.
 */
export function profilePictureRoutes(guards: Guards, pictures: ProfilePictures): Router<AuthState> {
  const router = new Router<AuthState>();

  router.get(restRoutes.profilePicture.path, guards.perAddress('userListPerAddress'), async (ctx) => {
    const { uid } = parseParams(pictureParamsSchema, ctx.params);
    // Only the API's own re-encoded JPEG is ever sent, never the uploaded bytes.
    await sendFile(ctx, await pictures.file(uid), { type: 'image/jpeg', cacheable: true });
  });

  router.delete(restRoutes.deleteProfilePicture.path, guards.auth, async (ctx) => {
    await pictures.remove(caller(ctx).uid);
    ctx.body = answer(restRoutes.deleteProfilePicture, { ok: true });
  });
  return router;
}
