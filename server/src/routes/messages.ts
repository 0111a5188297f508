import Router from '@koa/router';
import { restRoutes, conversationsPageQuerySchema, messagesPageQuerySchema, uidParamsSchema } from '@riffroom/protocol';
import { caller, type AuthState } from '../middleware/authenticate.js';
import type { Guards } from '../middleware/guards.js';
import { parseBody, parseParams, parseQuery } from '../middleware/validate.js';
import type { MessageService } from '../services/messages.js';
import { answer, pathUnder } from './contract.js';

const PREFIX = '/api/messages';

/** Direct messages at the paths of spec part 7. */
export function messageRoutes(guards: Guards, messages: MessageService): Router<AuthState> {
  const router = new Router<AuthState>({ prefix: PREFIX });
  router.use(guards.auth);

  router.get(pathUnder(PREFIX, restRoutes.conversations), async (ctx) => {
    const { limit, before } = parseQuery(ctx, conversationsPageQuerySchema);
    ctx.body = answer(restRoutes.conversations, await messages.conversationUsers(caller(ctx).uid, limit, before));
  });

  router.get(pathUnder(PREFIX, restRoutes.unreadCounts), async (ctx) => {
    ctx.body = answer(restRoutes.unreadCounts, { unreadCounts: await messages.unreadCounts(caller(ctx).uid) });
  });

  router.get(pathUnder(PREFIX, restRoutes.conversation), async (ctx) => {
    const { uid } = parseParams(uidParamsSchema, ctx.params);
    const { limit, before } = parseQuery(ctx, messagesPageQuerySchema);
    ctx.body = answer(restRoutes.conversation, await messages.conversation(caller(ctx).uid, uid, limit, before));
  });

  router.post(pathUnder(PREFIX, restRoutes.markRead), async (ctx) => {
    const { from } = parseBody(ctx, restRoutes.markRead.body);
    await messages.markRead(caller(ctx).uid, from);
    ctx.body = answer(restRoutes.markRead, { ok: true });
  });

  router.post(pathUnder(PREFIX, restRoutes.sendMessage), guards.perCaller('messagesPerUser'), async (ctx) => {
    const body = parseBody(ctx, restRoutes.sendMessage.body);
    ctx.status = 201;
    ctx.body = answer(restRoutes.sendMessage, { message: await messages.send(caller(ctx).uid, body) });
  });

  return router;
}
