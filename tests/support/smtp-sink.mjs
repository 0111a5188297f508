// A real SMTP server for tests (the smtp-server package), in its own process: listens on
// 127.0.0.1 at a free port, accepts any sender and recipient, and prints one JSON line per
// message it receives, with the raw message, for tests/support/smtp-server.ts to read.
// `--fail N` refuses the first N messages with a temporary error (the mail queue's retries).
import { SMTPServer } from 'smtp-server';

const failIndex = process.argv.indexOf('--fail');
let failuresLeft = failIndex > 0 ? Number(process.argv[failIndex + 1]) : 0;

const server = new SMTPServer({
  secure: false,
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, session, callback) {
    const chunks = [];
    stream.on('data', (chunk) => chunks.push(chunk));
    stream.on('end', () => {
      if (failuresLeft > 0) {
        failuresLeft -= 1;
        const error = Object.assign(new Error('Try again later'), { responseCode: 451 });
        process.stdout.write(`${JSON.stringify({ refused: true })}\n`);
        return callback(error);
      }
      const raw = Buffer.concat(chunks).toString('utf8');
      const to = session.envelope.rcptTo.map((address) => address.address);
      process.stdout.write(`${JSON.stringify({ mail: { from: session.envelope.mailFrom.address, to, raw } })}\n`);
      callback();
    });
  },
});
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`${JSON.stringify({ listening: server.server.address().port })}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
