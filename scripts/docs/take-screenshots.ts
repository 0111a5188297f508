/**
 * The README's screenshots, of the real screens: `npx tsx scripts/docs/take-screenshots.ts
 * <box URL> <demo password>` against a running box that `npm run demo` filled. A demo producer
 * hosts a room and shares a (painted) DAW session; a demo artist's dashboard, and her view of the
 * room as a guest, are saved to docs/images/.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { logInThroughUi } from '../../tests/support/accounts.js';
import { launchChromium } from '../../tests/support/browser.js';
import { installDawScreen } from './daw-screen.js';
import { demoEmail } from '../demo/seed-demo.js';

const [baseUrl, password] = process.argv.slice(2);
if (!baseUrl || !password) {
  console.error('Usage: npx tsx scripts/docs/take-screenshots.ts <box URL> <demo password>');
  process.exit(2);
}
const images = fileURLToPath(new URL('../../docs/images/', import.meta.url));
const viewport = { width: 1280, height: 800 };

async function signedIn(page: Page, username: string): Promise<void> {
  await logInThroughUi(page, demoEmail(username), password!);
  await page.waitForURL(/dashboard$/, { timeout: 20_000 });
  await page.waitForLoadState('networkidle');
}

const browser = await launchChromium();
try {
  const maya = await (await browser.newContext({ baseURL: baseUrl, viewport })).newPage();
  await signedIn(maya, 'maya.rivers');
  await maya.screenshot({ path: path.join(images, 'dashboard.png') });

  const host = await (await browser.newContext({ baseURL: baseUrl, viewport })).newPage();
  // tsx keeps function names with a helper, __name, that the page does not have.
  await host.addInitScript({ content: 'globalThis.__name = (target) => target;' });
  await host.addInitScript(installDawScreen);
  host.on('console', (message) => {
    if (message.type() === 'error') console.error(`host page: ${message.text()}`);
  });
  host.on('pageerror', (error) => console.error(`host page: ${error.message}`));
  await signedIn(host, 'dev.patel');
  await host.getByRole('button', { name: 'Collaborations' }).click();
  await host.getByRole('button', { name: 'Start Hosting' }).click();
  await host.getByText('Connected (High Performance)').waitFor({ timeout: 20_000 });
  await host.getByRole('button', { name: 'Start Screen Share' }).click();
  await host
    .getByRole('button', { name: 'Stop Screen Share' })
    .waitFor()
    .catch(async (error: unknown) => {
      await host.screenshot({ path: '/tmp/host-failed.png' });
      throw error;
    });
  const link = await host.getByLabel('Invite link').inputValue();

  await maya.goto(link);
  await maya.getByText('Connected (High Performance)').waitFor({ timeout: 20_000 });
  // The picture is up once the video has decoded frames.
  await maya.waitForFunction(
    () => [...document.querySelectorAll('video')].some((video) => video.videoWidth > 0),
    null,
    {
      timeout: 20_000,
    },
  );
  // A few words in the chat, and the program audio started as a guest's click does.
  const say = async (page: Page, text: string) => {
    await page.getByPlaceholder('Type a message...').fill(text);
    await page.getByRole('button', { name: 'Send' }).click();
    await maya.getByText(text).waitFor();
  };
  await say(host, 'New bridge is in. Listen from bar 33?');
  await say(maya, 'Love it. Can the bass sit a bit lower there?');
  await say(host, 'On it, bouncing a version now.');
  const play = maya.getByRole('button', { name: 'Play program audio' });
  if (await play.isVisible()) await play.click();
  await maya.screenshot({ path: path.join(images, 'room.png') });
  console.log(`wrote ${path.join(images, 'dashboard.png')} and room.png`);
} finally {
  await browser.close();
}
