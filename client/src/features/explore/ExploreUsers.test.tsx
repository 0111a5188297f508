import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { USERS_PAGE_DEFAULT } from '@riffroom/protocol';
import { describe, expect, it, vi } from 'vitest';
import { ALICE, apiError, fakeServices, makeUser } from '../../testing/fakeServices';
import { renderApp } from '../../testing/renderApp';

const me = makeUser({ firebase_uid: 'me', user_name: 'Alice Tester', user_username: 'alice' });
const bob = makeUser({ firebase_uid: 'bob', user_name: 'Bob Tester', user_username: 'bobby', user_role: 'producer' });
const cat = makeUser({ firebase_uid: 'cat', user_name: 'Cat Tester', user_username: 'cat' });

function cardOf(username: string) {
  const card = screen.getAllByTestId('user-card').find((el) => el.textContent?.includes(`@${username}`));
  if (!card) throw new Error(`no card for @${username}`);
  return within(card);
}

describe('Explore Users', () => {
  it("shows 'Loading users...', then everyone except the signed-in user", async () => {
    const { services, api } = fakeServices(ALICE);
    vi.mocked(api.users.listUsers).mockResolvedValue([me, bob, cat]);
    renderApp('/dashboard?tab=explore', services);

    expect(await screen.findByText('Loading users...')).toBeTruthy();
    await waitFor(() => expect(screen.getAllByTestId('user-card')).toHaveLength(2));
    expect(screen.queryByText('@alice', { selector: '.user-card__username' })).toBeNull();
    const card = cardOf('bobby');
    expect(card.getByText('Bob Tester')).toBeTruthy();
    expect(card.getByText('Producer')).toBeTruthy();
    expect(card.getByRole('button', { name: 'Message' })).toBeTruthy();
    expect(card.getByRole('button', { name: 'Collaborate' })).toBeTruthy();
  });

  it("says 'No other users available right now.' when nobody else exists", async () => {
    const { services, api } = fakeServices(ALICE);
    vi.mocked(api.users.listUsers).mockResolvedValue([me]);
    renderApp('/dashboard?tab=explore', services);
    expect(await screen.findByText('No other users available right now.')).toBeTruthy();
  });

  it('only logs a failed load', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { services, api } = fakeServices(ALICE);
    vi.mocked(api.users.listUsers).mockRejectedValue(apiError(0, 'network/unreachable', 'offline'));
    renderApp('/dashboard?tab=explore', services);
    expect(await screen.findByText('No other users available right now.')).toBeTruthy();
    expect(logged).toHaveBeenCalled();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('follows and unfollows, starting from whom the user already follows', async () => {
    const user = userEvent.setup();
    const { services, api } = fakeServices(ALICE);
    vi.mocked(api.users.listUsers).mockResolvedValue([me, bob, cat]);
    vi.mocked(api.users.getMyFollowing).mockResolvedValue([cat]);
    renderApp('/dashboard?tab=explore', services);

    await waitFor(() => expect(screen.getAllByTestId('user-card')).toHaveLength(2));
    expect(cardOf('cat').getByRole('button', { name: 'Unfollow' })).toBeTruthy();

    await user.click(cardOf('bobby').getByRole('button', { name: 'Follow' }));
    expect(await cardOf('bobby').findByRole('button', { name: 'Unfollow' })).toBeTruthy();
    expect(api.users.follow).toHaveBeenCalledWith('bob');

    await user.click(cardOf('cat').getByRole('button', { name: 'Unfollow' }));
    expect(await cardOf('cat').findByRole('button', { name: 'Follow' })).toBeTruthy();
    expect(api.users.unfollow).toHaveBeenCalledWith('cat');
  });

  it('keeps the button as it was when following fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const user = userEvent.setup();
    const { services, api } = fakeServices(ALICE);
    vi.mocked(api.users.listUsers).mockResolvedValue([bob]);
    vi.mocked(api.users.follow).mockRejectedValue(apiError(500, 'internal', 'boom'));
    renderApp('/dashboard?tab=explore', services);

    await user.click(await screen.findByRole('button', { name: 'Follow' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Follow' }).hasAttribute('disabled')).toBe(false));
  });

  it('loads the list a page at a time, the next page after the last user shown', async () => {
    const user = userEvent.setup();
    const { services, api } = fakeServices(ALICE);
    const page = (from: number, size: number) =>
      Array.from({ length: size }, (_, i) =>
        makeUser({ firebase_uid: `u${from + i}`, user_name: `User ${from + i}`, user_username: `user${from + i}` }),
      );
    vi.mocked(api.users.listUsers).mockImplementation(async (before) =>
      before === undefined ? [me, ...page(1, USERS_PAGE_DEFAULT - 1)] : page(100, 3),
    );
    renderApp('/dashboard?tab=explore', services);

    await waitFor(() => expect(screen.getAllByTestId('user-card')).toHaveLength(USERS_PAGE_DEFAULT - 1));
    await user.click(screen.getByRole('button', { name: 'Show more users' }));
    await waitFor(() => expect(screen.getAllByTestId('user-card')).toHaveLength(USERS_PAGE_DEFAULT + 2));
    expect(api.users.listUsers).toHaveBeenLastCalledWith(`u${USERS_PAGE_DEFAULT - 1}`);
    // A short page is the last one.
    expect(screen.queryByRole('button', { name: 'Show more users' })).toBeNull();
  });
});
