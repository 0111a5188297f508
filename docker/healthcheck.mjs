// The image's HEALTHCHECK: exit 0 when the box answers GET /healthz with 200 (it does once its
// mediasoup workers are up). With TLS_CERT set the box serves HTTPS itself; the certificate names
// the public host, not 127.0.0.1, so this local probe does not check it.
import http from 'node:http';
import https from 'node:https';

const secure = Boolean(process.env.TLS_CERT);
const request = (secure ? https : http).get(
  {
    host: '127.0.0.1',
    port: Number(process.env.PORT ?? 8080),
    path: '/healthz',
    timeout: 4000,
    rejectUnauthorized: false,
  },
  (response) => process.exit(response.statusCode === 200 ? 0 : 1),
);
request.on('timeout', () => request.destroy(new Error('timeout')));
request.on('error', () => process.exit(1));
