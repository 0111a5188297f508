/// <reference lib="dom" />
// Code passed to page.evaluate runs in the browser, so this file sees DOM types.
import { describe, expect, it } from 'vitest';
import { RECORDING_NO_RECORDER_MESSAGE } from '@riffroom/protocol';
import { newAccount } from '../support/accounts.js';
import { useBoxAndChromium } from '../support/e2e-suite.js';
import { openHostRoom } from '../support/room-pages.js';

// A box whose ffmpeg is missing (issue 34 item 13): FFMPEG_BIN names a file that does not exist.
const suite = useBoxAndChromium({ FFMPEG_BIN: '/nonexistent/riffroom-test/ffmpeg' });

describe('Record on a box without ffmpeg', () => {
  it('is refused with a message naming ffmpeg, and the host’s screen never shows ● Recording', async () => {
    const host = await openHostRoom(suite.browser, suite.box.baseUrl, newAccount('no-ffmpeg'));
    // Whether '● Recording' ever showed, however briefly, from before the click on.
    await host.page.evaluate(() => {
      const seen = window as unknown as { sawRecording: boolean };
      seen.sawRecording = false;
      const look = () => {
        if (document.querySelector('[data-testid="recording-indicator"]')) seen.sawRecording = true;
      };
      new MutationObserver(look).observe(document.body, { childList: true, subtree: true, characterData: true });
      look();
    });

    await host.page.getByRole('button', { name: 'Record', exact: true }).click();
    const refusal = host.page.getByRole('alert').filter({ hasText: 'ffmpeg' });
    await refusal.waitFor({ timeout: 15_000 });
    expect(await refusal.textContent()).toBe(RECORDING_NO_RECORDER_MESSAGE);
    // The button is Record again (never Stop Recording), and nothing showed a recording meanwhile.
    await host.page.getByRole('button', { name: 'Record', exact: true }).waitFor();
    expect(await host.page.getByRole('button', { name: 'Stop Recording' }).count()).toBe(0);
    expect(await host.page.evaluate(() => (window as unknown as { sawRecording: boolean }).sawRecording)).toBe(false);
    expect(await host.page.getByTestId('recording-indicator').count()).toBe(0);
  });
});
