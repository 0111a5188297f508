/**
 * `npm run doctor`: checks this machine and the box's settings (the same RIFFROOM_CONFIG file and
 * environment `npm start` reads) and prints one line per check, with the fix. Run it before the first start, and against
 * the running box: with the box up, its RTC ports must be bound; without it, they must be free.
 * Exits 1 when a check fails; warnings leave it at 0.
 */
import { ConfigError } from '@riffroom/protocol/config';
import { loadBoxConfig } from './box/config.js';
import { formatResult, type CheckResult } from './doctor/check.js';
import { probeRunningBox } from './doctor/running-box.js';
import { checkAnnouncedAddress, checkRtcPorts, checkUdpBuffers } from './doctor/network-checks.js';
import { checkRecorder } from './doctor/recorder-check.js';
import { checkDatabase, checkDisk } from './doctor/storage-checks.js';
import { checkSmtp } from './doctor/smtp-check.js';
import { checkTls } from './doctor/tls-check.js';
import { checkTurn } from './doctor/turn-check.js';

async function main(): Promise<number> {
  let api, media, frontDoor;
  try {
    ({ api, media, frontDoor } = loadBoxConfig());
  } catch (error) {
    if (error instanceof ConfigError) {
      console.log(`FAIL settings: ${error.message}`);
      return 1;
    }
    throw error;
  }
  const running = await probeRunningBox(api.port, frontDoor);
  console.log(
    running
      ? `Checking the running box on port ${api.port} (${running}).`
      : `No box answers on port ${api.port}: checking the settings before start.`,
  );
  const results: CheckResult[] = [];
  const report = (result: CheckResult) => {
    results.push(result);
    console.log(formatResult(result));
  };
  report(checkAnnouncedAddress(media, frontDoor.publicUrl));
  for (const result of await checkRtcPorts(media, running !== null)) report(result);
  report(await checkTls(frontDoor));
  for (const result of await checkTurn(media)) report(result);
  report(await checkDatabase(api));
  report(checkDisk(api));
  report(await checkRecorder(media.ffmpegBin));
  report(await checkSmtp(api));
  report(checkUdpBuffers());
  const failed = results.filter((result) => result.status === 'fail').length;
  const warned = results.filter((result) => result.status === 'warn').length;
  console.log(
    failed > 0 ? `${failed} check(s) failed, ${warned} warning(s).` : `All checks passed, ${warned} warning(s).`,
  );
  return failed > 0 ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
