/**
 * `npm run config:check`: loads the box's configuration exactly as `npm start` does (defaults, the
 * RIFFROOM_CONFIG file, the environment), prints the effective settings with every secret
 * redacted, and exits 1 naming the setting when one is bad. `-- --markdown` prints the table of
 * every setting (variable, default, meaning) that the README's tables follow.
 */
import { ConfigError, settingsMarkdown } from '@riffroom/protocol/config';
import { boxSettings, loadBoxConfig, redactedBoxConfig } from './box/config.js';

if (process.argv.includes('--markdown')) {
  console.log(settingsMarkdown(boxSettings()));
} else {
  try {
    console.log(JSON.stringify(redactedBoxConfig(loadBoxConfig()), null, 2));
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}
