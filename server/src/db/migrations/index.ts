import type { Knex } from 'knex';
import * as m0001 from './0001_users_and_identity.js';
import * as m0002 from './0002_messages.js';
import * as m0003 from './0003_calendar.js';
import * as m0004 from './0004_rooms.js';
import * as m0005 from './0005_messages_received_pair_index.js';
import * as m0006 from './0006_conversations.js';
import * as m0007 from './0007_room_tier.js';
import * as m0008 from './0008_conversation_unread_counts.js';
import * as m0009 from './0009_login_throttle_pairs.js';
import * as m0010 from './0010_one_pending_booking.js';
import * as m0011 from './0011_users_newest_first_index.js';
import * as m0012 from './0012_recordings.js';
import * as m0013 from './0013_room_removals_and_host_grace.js';
import * as m0014 from './0014_recording_nodes.js';
import * as m0017 from './0017_refresh_token_grace.js';
import * as m0020 from './0020_notifications.js';
import * as m0021 from './0021_jobs_and_email_links.js';
import * as m0025 from './0025_marketplace_offers.js';
import * as m0026 from './0026_marketplace_search.js';
import * as m0027 from './0027_marketplace_bookings.js';
import * as m0028 from './0028_marketplace_reviews.js';
import * as m0030 from './0030_projects.js';
import * as m0031 from './0031_project_listen_links.js';
import * as m0040 from './0040_booking_rooms_and_reminders.js';
import * as m0045 from './0045_session_participants.js';
import * as m0050 from './0050_project_comments.js';
import * as m0051 from './0051_profile_pictures.js';
import * as m0052 from './0052_profile_showcase.js';

interface Migration {
  up(knex: Knex): Promise<void>;
  down(knex: Knex): Promise<void>;
}

/** Listed in code, not scanned from disk, so they run the same under tsx, a bundle or tests. */
const migrations: Record<string, Migration> = {
  '0001_users_and_identity': m0001,
  '0002_messages': m0002,
  '0003_calendar': m0003,
  '0004_rooms': m0004,
  '0005_messages_received_pair_index': m0005,
  '0006_conversations': m0006,
  '0007_room_tier': m0007,
  '0008_conversation_unread_counts': m0008,
  '0009_login_throttle_pairs': m0009,
  '0010_one_pending_booking': m0010,
  '0011_users_newest_first_index': m0011,
  '0012_recordings': m0012,
  '0013_room_removals_and_host_grace': m0013,
  '0014_recording_nodes': m0014,
  '0017_refresh_token_grace': m0017,
  '0020_notifications': m0020,
  '0021_jobs_and_email_links': m0021,
  '0025_marketplace_offers': m0025,
  '0026_marketplace_search': m0026,
  '0027_marketplace_bookings': m0027,
  '0028_marketplace_reviews': m0028,
  '0030_projects': m0030,
  '0031_project_listen_links': m0031,
  '0040_booking_rooms_and_reminders': m0040,
  '0045_session_participants': m0045,
  '0050_project_comments': m0050,
  '0051_profile_pictures': m0051,
  '0052_profile_showcase': m0052,
};

export const migrationSource: Knex.MigrationSource<string> = {
  getMigrations: async () => Object.keys(migrations),
  getMigrationName: (name) => name,
  getMigration: async (name) => migrations[name]!,
};
