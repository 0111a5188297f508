import { describe, expect, it } from 'vitest';
import { jsonCaller } from '../../server/src/testing/test-api.js';
import { signedInPage } from '../support/accounts.js';
import { useBoxAndChromium } from '../support/e2e-suite.js';

const suite = useBoxAndChromium();

describe('direct messages in Chromium', () => {
  it('delivers a message live with a toast and a badge; links are clickable and markup stays text', async () => {
    const alice = await signedInPage(suite.browser, suite.box.baseUrl, 'alice');
    const bob = await signedInPage(suite.browser, suite.box.baseUrl, 'bob');
    const text = 'new mix https://example.com/mix?v=2 <b>x</b>';

    // Alice starts the conversation from Bob's card in Explore Users.
    await alice.page.getByRole('button', { name: 'Explore Users' }).click();
    const card = alice.page.getByTestId('user-card').filter({ hasText: `@${bob.account.username}` });
    await card.getByRole('button', { name: 'Message' }).click();
    await alice.page.getByTestId('chat-header').getByText(`@${bob.account.username}`).waitFor();
    const input = alice.page.getByLabel(`Message ${bob.account.name}`);
    const send = alice.page.getByRole('button', { name: 'Send' });
    expect(await send.isDisabled()).toBe(true);
    await input.fill(text);
    await input.press('Enter');
    await alice.page.getByTestId('message').filter({ hasText: 'new mix' }).waitFor();
    expect(await input.inputValue()).toBe('');

    // Bob, without reloading, hears of it: a toast and the sidebar badge.
    const toast = bob.page.getByTestId('toast').filter({ hasText: `New message from ${alice.account.name}` });
    await toast.waitFor();
    const badge = bob.page.getByRole('complementary').getByTestId('unread-badge');
    await badge.waitFor();
    expect(await badge.textContent()).toBe('1');

    await toast.getByRole('button', { name: 'Open' }).click();
    const received = bob.page.getByTestId('message').filter({ hasText: 'new mix' });
    await received.waitFor();
    await badge.waitFor({ state: 'detached' });
    expect(await received.getAttribute('data-own')).toBe('false');
    const link = received.getByRole('link', { name: 'https://example.com/mix?v=2' });
    expect(await link.getAttribute('href')).toBe('https://example.com/mix?v=2');
    expect(await link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await received.locator('b').count()).toBe(0);
    expect(await received.locator('.chat__text').textContent()).toBe(text);

    // Bob answers; Alice sees it in her open conversation, with no toast for it.
    const reply = bob.page.getByLabel(`Message ${alice.account.name}`);
    await reply.fill('on it');
    await bob.page.getByRole('button', { name: 'Send' }).click();
    const answer = alice.page.getByTestId('message').filter({ hasText: 'on it' });
    await answer.waitFor();
    expect(await answer.getAttribute('data-own')).toBe('false');
    expect(await alice.page.getByTestId('toast').count()).toBe(0);

    // Read state lives on the server: Bob has nothing unread, and a reload shows no badge.
    const unread = await jsonCaller(suite.box.baseUrl)('GET', '/api/messages/unread', { token: bob.idToken });
    expect(unread.body).toEqual({ unreadCounts: [] });
    await bob.page.reload({ waitUntil: 'networkidle' });
    await bob.page.getByTestId('conversation-list').getByText(alice.account.name).waitFor();
    expect(await badge.count()).toBe(0);

    await alice.page.context().close();
    await bob.page.context().close();
  });
});
