import Router from '@koa/router';
import {
  conversationsPageQuerySchema,
  markReadBodySchema,
  messagesPageQuerySchema,
  sendMessageBodySchema,
  uidParamsSchema,
} from '@riffroom/protocol';
import { caller, type AuthState } from '../middleware/authenticate.js';
import type { Guards } from '../middleware/guards.js';
import { parseBody, parseParams, parseQuery } from '../middleware/validate.js';
import type { MessageService } from '../services/messages.js';

/** Direct messages at the paths of spec part 7. */
export function messageRoutes(guards: Guards, messages: MessageService): Router<AuthState> {
  const router = new Router<AuthState>({ prefix: '/api/messages' });
  router.use(guards.auth);

  router.get('/conversations/list', async (ctx) => {
    const { limit, before } = parseQuery(ctx, conversationsPageQuerySchema);
    ctx.body = await messages.conversationUsers(caller(ctx).uid, limit, before);
  });

  router.get('/unread', async (ctx) => {
    ctx.body = { unreadCounts: await messages.unreadCounts(caller(ctx).uid) };
  });

  router.get('/uid/:uid', async (ctx) => {
    const { uid } = parseParams(uidParamsSchema, ctx.params);
    const { limit, before } = parseQuery(ctx, messagesPageQuerySchema);
    ctx.body = await messages.conversation(caller(ctx).uid, uid, limit, before);
  });

  router.post('/mark-read', async (ctx) => {
    const { from } = parseBody(ctx, markReadBodySchema);
    await messages.markRead(caller(ctx).uid, from);
    ctx.body = { ok: true };
  });

  router.post('/send', guards.perCaller('messagesPerUser'), async (ctx) => {
    const body = parseBody(ctx, sendMessageBodySchema);
    ctx.status = 201;
    ctx.body = { message: await messages.send(caller(ctx).uid, body) };
  });

  return router;
}
