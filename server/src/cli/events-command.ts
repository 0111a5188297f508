import { parseArgs } from 'node:util';
import { describeZodError, newCalendarEventSchema } from '@riffroom/protocol';
import type { Db } from '../db/connect.js';
import { eventsRepository } from '../repositories/events.js';

export const EVENTS_USAGE = `Usage:
  npm run events -- add --title "Open mic" --at 2030-05-01T19:00:00Z [--duration 60]
  npm run events -- list
  npm run events -- remove --id 3

--at takes an ISO 8601 date and time; without a zone it is the server's local time.
--duration is in minutes (default 60).`;

export class UsageError extends Error {}

/** Operators manage MVP events from the shell; every signed-in user then reads them. */
export async function runEventsCommand(argv: string[], db: Db, print: (line: string) => void): Promise<void> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      title: { type: 'string' },
      at: { type: 'string' },
      duration: { type: 'string' },
      id: { type: 'string' },
    },
  });
  const events = eventsRepository(db);
  const [command] = positionals;

  if (command === 'add') {
    const when = values.at === undefined ? Number.NaN : Date.parse(values.at);
    if (Number.isNaN(when)) throw new UsageError('--at: give a date and time such as 2030-05-01T19:00:00Z');
    const parsed = newCalendarEventSchema.safeParse({
      title: values.title ?? '',
      dateTime: new Date(when).toISOString(),
      duration: values.duration,
    });
    if (!parsed.success) throw new UsageError(describeZodError(parsed.error));
    const event = await events.insert(parsed.data, Date.now());
    print(`Added event ${event._id}: ${event.title} at ${event.dateTime} for ${event.duration} min`);
    return;
  }
  if (command === 'list') {
    const all = await events.all();
    if (all.length === 0) print('No events.');
    for (const event of all) print(`${event._id}\t${event.dateTime}\t${event.duration} min\t${event.title}`);
    return;
  }
  if (command === 'remove') {
    const id = values.id ?? positionals[1];
    if (!id || !/^\d+$/.test(id)) throw new UsageError('--id: give the number that `list` shows');
    if (!(await events.remove(Number(id)))) throw new UsageError(`No event ${id}.`);
    print(`Removed event ${id}.`);
    return;
  }
  throw new UsageError(EVENTS_USAGE);
}
