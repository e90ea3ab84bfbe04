import type { Migration } from 'kysely';
import type { ConcurrentIndex } from './concurrentIndexes';
import * as foundation from './0001_foundation';
import * as signinExperience from './0002_signin_experience';
import * as shipments from './0003_shipments';
import * as ruleLists from './0004_rule_lists';
import * as userManagement from './0005_user_management';
import * as bulletins from './0006_bulletins';
import * as summarySortIndexes from './0007_summary_sort_indexes';
import * as complianceEngine from './0009_compliance_engine';
import * as changeNotifications from './0010_change_notifications';
import * as shipmentNotifications from './0011_shipment_notifications';
import * as lendingUsers from './0012_lending_users';
import * as liveEvents from './0013_live_events';
import * as liveEventsReview from './0014_live_events_review';
import * as liveNewShipment from './0015_live_new_shipment';
import * as attentionNotifications from './0017_attention_notifications';
import * as deviceCookies from './0018_device_cookies';
import * as usedEventTickets from './0019_used_event_tickets';
import * as sanctionSources from './0020_sanction_sources';
import * as retention from './0021_retention';
import * as migrationNotes from './0022_migration_notes';
import * as sharedSecrets from './0023_shared_secrets';
import * as targetedRescreen from './0024_targeted_rescreen';
import * as ruleListRowsRoom from './0025_rule_list_rows_room';
import * as oneRecordClients from './0026_onerecord_clients';
import * as oneRecordEvents from './0027_onerecord_events';
import * as oneRecordClientChanges from './0028_onerecord_client_changes';
import * as oneRecordObjects from './0029_onerecord_objects';
import * as oneRecordSubscriptions from './0030_onerecord_subscriptions';
import * as oneRecordNotificationsOut from './0031_onerecord_notifications_out';
import * as oneRecordDelegations from './0032_onerecord_delegations';
import * as oneRecordShipmentChanges from './0033_onerecord_shipment_changes';
import * as oneRecordRequestStatusNotifications from './0034_onerecord_request_status_notifications';
import * as liveOneRecordChanges from './0035_live_onerecord_changes';
import * as oneRecordRetryTargets from './0036_onerecord_retry_targets';
import * as oneRecordAnnouncements from './0037_onerecord_announcements';
import * as oneRecordNotifyAuth from './0038_onerecord_notify_auth';
import * as oneRecordNotifyAuthMethod from './0039_onerecord_notify_auth_method';
import * as oneRecordNotifySecretSealed from './0040_onerecord_notify_secret_sealed';

/**
 * A migration, and whether it only adds (tables, columns with defaults or nullable, indexes): the
 * previous version of the portal keeps running against a schema that has it (issue 35, 6). Removing
 * or renaming what a version reads is done a release after the version stopped reading it, in a
 * migration that is not additive.
 */
export type PortalMigration = Migration & {
  additive?: boolean;
  /**
   * Indexes on tables that may be large (the logs): migrateToLatest builds them first with CREATE INDEX
   * CONCURRENTLY, outside the migrations' transaction, so that the instances still running (a rolling
   * upgrade) keep writing to the table meanwhile; the migration's own up() then finds them built.
   */
  concurrentIndexes?: readonly ConcurrentIndex[];
};

/** Versioned migrations, applied in name order; a new one is a new file and a line here. */
export const migrations: Record<string, PortalMigration> = {
  '0001_foundation': foundation,
  '0002_signin_experience': signinExperience,
  '0003_shipments': shipments,
  '0004_rule_lists': ruleLists,
  '0005_user_management': userManagement,
  '0006_bulletins': bulletins,
  '0007_summary_sort_indexes': summarySortIndexes,
  '0009_compliance_engine': complianceEngine,
  '0010_change_notifications': changeNotifications,
  '0011_shipment_notifications': shipmentNotifications,
  '0012_lending_users': lendingUsers,
  '0013_live_events': liveEvents,
  '0014_live_events_review': liveEventsReview,
  '0015_live_new_shipment': liveNewShipment,
  '0017_attention_notifications': attentionNotifications,
  '0018_device_cookies': deviceCookies,
  '0019_used_event_tickets': usedEventTickets,
  '0020_sanction_sources': sanctionSources,
  '0021_retention': retention,
  '0022_migration_notes': migrationNotes,
  '0023_shared_secrets': sharedSecrets,
  '0024_targeted_rescreen': targetedRescreen,
  '0025_rule_list_rows_room': ruleListRowsRoom,
  '0026_onerecord_clients': oneRecordClients,
  '0027_onerecord_events': oneRecordEvents,
  '0028_onerecord_client_changes': oneRecordClientChanges,
  '0029_onerecord_objects': oneRecordObjects,
  '0030_onerecord_subscriptions': oneRecordSubscriptions,
  '0031_onerecord_notifications_out': oneRecordNotificationsOut,
  '0032_onerecord_delegations': oneRecordDelegations,
  '0033_onerecord_shipment_changes': oneRecordShipmentChanges,
  '0034_onerecord_request_status_notifications': oneRecordRequestStatusNotifications,
  '0035_live_onerecord_changes': liveOneRecordChanges,
  '0036_onerecord_retry_targets': oneRecordRetryTargets,
  '0037_onerecord_announcements': oneRecordAnnouncements,
  '0038_onerecord_notify_auth': oneRecordNotifyAuth,
  '0039_onerecord_notify_auth_method': oneRecordNotifyAuthMethod,
  '0040_onerecord_notify_secret_sealed': oneRecordNotifySecretSealed,
};
