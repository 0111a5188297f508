import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runEventsCommand, UsageError } from '../cli/events-command.js';
import { signUpUser, startTestApi, type TestApi } from '../testing/test-api.js';

let api: TestApi;
let token: string;
const printed: string[] = [];
const run = (...argv: string[]) => runEventsCommand(argv, api.api.db, (line) => printed.push(line));
const list = async () => (await api.call('GET', '/events/all', { token })).body;

beforeAll(async () => {
  api = await startTestApi();
  token = (await signUpUser(api)).idToken;
});
afterAll(async () => {
  await api.close();
});

describe('events, added by the operator command and read by every signed-in user', () => {
  it('adds events (60 minutes by default) that both paths list, soonest first', async () => {
    await run('add', '--title', 'Open mic', '--at', '2030-05-01T19:00:00Z', '--duration', '90');
    await run('add', '--title', 'Listening party', '--at', '2030-04-01T18:00:00+02:00');
    expect(printed.at(-1)).toMatch(/^Added event \d+: Listening party at 2030-04-01T16:00:00.000Z for 60 min$/);
    const expected = [
      { _id: expect.any(String), title: 'Listening party', dateTime: '2030-04-01T16:00:00.000Z', duration: 60 },
      { _id: expect.any(String), title: 'Open mic', dateTime: '2030-05-01T19:00:00.000Z', duration: 90 },
    ];
    expect(await list()).toEqual(expected);
    expect((await api.call('GET', '/api/events/all', { token })).body).toEqual(expected);
  });

  it('refuses bad input, adding nothing', async () => {
    const before = await list();
    await expect(run('add', '--at', '2030-05-01T19:00:00Z')).rejects.toThrow(UsageError);
    await expect(run('add', '--title', 'x', '--at', 'someday')).rejects.toThrow('--at');
    await expect(run('add', '--title', 'x', '--at', '2030-05-01T19:00:00Z', '--duration', '-5')).rejects.toThrow(
      'duration',
    );
    await expect(run('frobnicate')).rejects.toThrow('Usage');
    expect(await list()).toEqual(before);
  });

  it('lists and removes', async () => {
    const [first] = await list();
    printed.length = 0;
    await run('list');
    expect(printed).toHaveLength(2);
    expect(printed[0]).toBe(`${first._id}\t2030-04-01T16:00:00.000Z\t60 min\tListening party`);
    await run('remove', '--id', first._id);
    expect((await list()).map((e: { title: string }) => e.title)).toEqual(['Open mic']);
    await expect(run('remove', '--id', first._id)).rejects.toThrow(`No event ${first._id}.`);
  });
});
