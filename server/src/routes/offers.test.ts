import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpUser, startTestApi, type TestApi } from '../testing/test-api.js';

type User = Awaited<ReturnType<typeof signUpUser>>;
let api: TestApi;
let producer: User;
let artist: User;

const mixing = {
  kind: 'mixing',
  title: 'Latin mixing, radio ready',
  description: 'Reggaeton and salsa mixes.',
  genres: ['Latin', 'Pop', 'Latin'],
  remote: true,
  rate: { amount: 120.5, currency: 'EUR', per: 'song' },
  typicalMinutes: 60,
};
const studio = {
  kind: 'studio-time',
  title: 'Live room with a Neve',
  remote: false,
  city: 'Berlin',
  studioAddress: 'Köpenicker Str. 70, 10179 Berlin',
  rate: { amount: 45, currency: 'EUR', per: 'hour' },
  typicalMinutes: 180,
  equipment: ['Neve 1073', 'U87'],
};
const create = (who: User, body: unknown) => api.call('POST', '/api/offers/create', { token: who.idToken, body });

beforeAll(async () => {
  api = await startTestApi({ maxOffersPerPerson: 3 });
  producer = await signUpUser(api, { username: 'producer', name: 'Pro Ducer' });
  artist = await signUpUser(api, { username: 'artist', name: 'Art Ist' });
});
afterAll(async () => {
  await api.close();
});

describe('offers', () => {
  it('stores an offer with its rate, genres once each, and shows it to others', async () => {
    const res = await create(producer, mixing);
    expect(res.status).toBe(201);
    expect(res.body.offer).toMatchObject({
      ownerUid: producer.user.uid,
      kind: 'mixing',
      genres: ['Latin', 'Pop'],
      rate: { amount: 120.5, currency: 'EUR', per: 'song' },
      paused: false,
      studioAddress: null,
      equipment: [],
    });
    const seen = await api.call('GET', `/api/offers/by/${producer.user.uid}`, { token: artist.idToken });
    expect(seen.body.offers.map((offer: { title: string }) => offer.title)).toEqual([mixing.title]);
  });

  it.each([
    [{ rate: { amount: -1, currency: 'EUR', per: 'song' } }, 'rate.amount'],
    [{ rate: { amount: 10.005, currency: 'EUR', per: 'song' } }, 'rate.amount'],
    [{ rate: { amount: 10, currency: 'XXX', per: 'song' } }, 'rate.currency'],
    [{ rate: { amount: 10, currency: 'EUR', per: 'day' } }, 'rate.per'],
    [{ kind: 'busking' }, 'kind'],
    [{ genres: ['Polka'] }, 'genres'],
    [{ remote: false }, 'city'],
    [{ equipment: ['SM57'] }, 'equipment'],
    [{ studioAddress: 'Main St 1' }, 'studioAddress'],
    [{ typicalMinutes: 5 }, 'typicalMinutes'],
    [{ title: '' }, 'title'],
  ])('refuses %j naming %s, storing nothing', async (patch, field) => {
    const before = (await api.call('GET', '/api/offers/mine', { token: artist.idToken })).body.offers.length;
    const res = await create(artist, { ...mixing, ...patch });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain(field);
    expect((await api.call('GET', '/api/offers/mine', { token: artist.idToken })).body.offers).toHaveLength(before);
  });

  it("keeps a studio's address from everyone but its owner", async () => {
    const res = await create(producer, studio);
    expect(res.status).toBe(201);
    expect(res.body.offer).toMatchObject({ studioAddress: studio.studioAddress, equipment: studio.equipment });
    const id = res.body.offer.id as string;
    const stranger = await api.call('GET', `/api/offers/${id}`, { token: artist.idToken });
    expect(stranger.status).toBe(200);
    expect(stranger.body.offer.studioAddress).toBeNull();
    expect(JSON.stringify(stranger.body)).not.toContain('Köpenicker');
    const listed = await api.call('GET', `/api/offers/by/${producer.user.uid}`, { token: artist.idToken });
    expect(JSON.stringify(listed.body)).not.toContain('Köpenicker');
  });

  it('pauses and resumes an offer: paused, others no longer see it', async () => {
    const { id } = (await api.call('GET', '/api/offers/mine', { token: producer.idToken })).body.offers[0];
    const paused = await api.call('PATCH', `/api/offers/${id}/paused`, {
      token: producer.idToken,
      body: { paused: true },
    });
    expect(paused.body.offer.paused).toBe(true);
    expect((await api.call('GET', `/api/offers/${id}`, { token: artist.idToken })).status).toBe(404);
    const listed = await api.call('GET', `/api/offers/by/${producer.user.uid}`, { token: artist.idToken });
    expect(listed.body.offers.map((offer: { id: string }) => offer.id)).not.toContain(id);
    await api.call('PATCH', `/api/offers/${id}/paused`, { token: producer.idToken, body: { paused: false } });
    expect((await api.call('GET', `/api/offers/${id}`, { token: artist.idToken })).status).toBe(200);
  });

  it('lets nobody but the owner change, pause or delete an offer (404), changing nothing', async () => {
    const [offer] = (await api.call('GET', '/api/offers/mine', { token: producer.idToken })).body.offers;
    const token = artist.idToken;
    const answers = await Promise.all([
      api.call('PUT', `/api/offers/${offer.id}`, { token, body: { ...mixing, title: 'Mine now' } }),
      api.call('PATCH', `/api/offers/${offer.id}/paused`, { token, body: { paused: true } }),
      api.call('DELETE', `/api/offers/${offer.id}`, { token }),
    ]);
    expect(answers.map((res) => res.status)).toEqual([404, 404, 404]);
    const after = (await api.call('GET', `/api/offers/${offer.id}`, { token: producer.idToken })).body.offer;
    expect(after).toEqual(offer);
  });

  it('edits and deletes its own offer', async () => {
    const [offer] = (await api.call('GET', '/api/offers/mine', { token: producer.idToken })).body.offers;
    const edited = await api.call('PUT', `/api/offers/${offer.id}`, {
      token: producer.idToken,
      body: { ...mixing, title: 'Latin and afrobeat mixing', rate: { amount: 0, currency: 'USD', per: 'project' } },
    });
    expect(edited.body.offer).toMatchObject({
      title: 'Latin and afrobeat mixing',
      rate: { amount: 0, per: 'project' },
    });
    expect((await api.call('DELETE', `/api/offers/${offer.id}`, { token: producer.idToken })).status).toBe(204);
    expect((await api.call('GET', `/api/offers/${offer.id}`, { token: producer.idToken })).status).toBe(404);
  });

  it('keeps at most MAX_OFFERS_PER_PERSON offers a person', async () => {
    const statuses = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await create(artist, mixing)).status);
    expect(statuses).toEqual([201, 201, 201, 409]);
    expect((await api.call('GET', '/api/offers/mine', { token: artist.idToken })).body.offers).toHaveLength(3);
  });

  it('answers only signed-in callers', async () => {
    expect((await api.call('GET', `/api/offers/by/${producer.user.uid}`)).status).toBe(401);
  });
});
