import { bodyParser } from '@koa/bodyparser';
import Koa from 'koa';
import { AppError, badRequest } from './errors.js';
import type { IdentityConfig } from '@riffroom/protocol';
import type { IdentityVerifier } from './identity/types.js';
import type { LocalIdentity } from './identity/local/local-identity.js';
import type { Logger } from './logger.js';
import type { AuthState } from './middleware/authenticate.js';
import { errorHandler } from './middleware/error-handler.js';
import { identityConfigRoutes, localAuthRoutes } from './routes/auth.js';
import { healthRoutes } from './routes/health.js';
import { messageRoutes } from './routes/messages.js';
import { roomRoutes } from './routes/rooms.js';
import { userRoutes } from './routes/users.js';
import type { FollowService } from './services/follows.js';
import type { MessageService } from './services/messages.js';
import type { ProfileService } from './services/profiles.js';
import type { RoomService } from './services/rooms.js';

export interface AppDeps {
  logger: Logger;
  trustProxy: boolean;
  identityConfig: IdentityConfig;
  verifier: IdentityVerifier;
  /** Present only when the built-in identity provider is configured. */
  localIdentity: LocalIdentity | null;
  profiles: ProfileService;
  follows: FollowService;
  messages: MessageService;
  rooms: RoomService;
  isReady: () => boolean;
}

/** Builds the Koa app without listening, so tests and the single-box process can mount it. */
export function buildApp(deps: AppDeps): Koa<AuthState> {
  const app = new Koa<AuthState>({ proxy: deps.trustProxy });
  app.use(errorHandler(deps.logger));
  app.use(
    bodyParser({
      enableTypes: ['json'],
      jsonLimit: '100kb',
      onError: (error) => {
        const tooLarge = (error as { status?: number }).status === 413;
        throw tooLarge
          ? new AppError(413, 'validation/body-too-large', 'The request body is too large.')
          : badRequest('validation/invalid-body', 'The request body is not valid JSON.');
      },
    }),
  );

  const routers = [
    healthRoutes(deps.isReady),
    identityConfigRoutes(deps.identityConfig),
    ...(deps.localIdentity ? [localAuthRoutes(deps.localIdentity)] : []),
    userRoutes(deps),
    messageRoutes(deps.verifier, deps.messages),
    roomRoutes(deps.verifier, deps.rooms),
  ];
  for (const router of routers) {
    app.use(router.routes());
    app.use(router.allowedMethods());
  }
  return app;
}
