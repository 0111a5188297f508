import { describe, expect, it } from 'vitest';
import { SERVER_DRAINING_MESSAGE } from '@riffroom/protocol';
import { jsonCaller, signUpUser } from '../../server/src/testing/test-api.js';
import { openPage } from '../support/browser.js';
import { useBoxAndChromium } from '../support/e2e-suite.js';
import { createRoomAs } from '../support/room-sockets.js';

// The box drains (SIGTERM with DRAIN_TIMEOUT_S) while a guest watches a room in Chromium.
const suite = useBoxAndChromium({ DRAIN_TIMEOUT_S: '600' });

describe('a draining server, as a guest sees it', () => {
  it('shows the calm restart note under the banner and keeps the room open', async () => {
    const call = jsonCaller(suite.box.baseUrl);
    const host = await signUpUser({ call }, { name: 'Hana Host' });
    const roomId = await createRoomAs({ baseUrl: suite.box.baseUrl, call }, host.idToken, {
      name: 'Late Night Session',
      settings: { allowGuestAccess: true },
    });
    const { page } = await openPage(suite.browser, suite.box.baseUrl);
    await page.goto(`/join-collaboration/${roomId}`);
    await page.getByRole('heading', { name: 'Late Night Session' }).waitFor();
    await page.getByText('Waiting for host...').waitFor();
    expect(await page.getByTestId('server-draining').count()).toBe(0);

    suite.box.signal('SIGTERM');
    const note = page.getByTestId('server-draining');
    await note.waitFor();
    expect(await note.textContent()).toBe(SERVER_DRAINING_MESSAGE);
    // Calm: not one of the banner's warning or error colours, and the room is still there.
    expect(await note.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe('rgb(238, 242, 247)');
    await page.getByRole('heading', { name: 'Late Night Session' }).waitFor();
    expect(await page.getByText('Unable to Join Room').count()).toBe(0);
    await page.context().close();
  });
});
