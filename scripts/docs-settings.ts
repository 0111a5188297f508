/** `npm run docs:settings`: writes the settings table of docs/running-and-configuring.md from the config schemas. */
import { settingsDoc, writeSettingsTable } from './docs/settings-table.js';

writeSettingsTable();
console.log(`wrote the settings table of ${settingsDoc}`);
