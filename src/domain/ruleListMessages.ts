import { Messages } from './statusCodes';

/** Messages of the rule-list API and screens that the spec leaves unworded ('Record Not Found!' is spec 8's). */
export const RuleListMessages = {
  recordNotFound: Messages.recordNotFound,
  correctFields: 'Please correct the marked fields: {fields}.',
  duplicate: 'The list already has a row with this {key}: {value}.',
  stale: 'This row was changed by {user} at {time}, after you opened it. Reload it to see the change, then make yours again.',
  notCancellable: 'Only {active} rows can be cancelled; row {id} is {status}.',
  noRecipients: 'Row {id} has no e-mail addresses to send to.',
  resendMailFailed: '{failed} of {mails} e-mail(s) could not be sent; they are kept in the mail outbox with the error. The resend itself is recorded.',
  resendSubject: '{list}: {key}',
  // Restore from the user log (issue 18, item 9).
  nothingToRestore: 'This entry added row {id}: there is no earlier version of it to restore.',
  restoreNotAChange: 'This entry did not change row {id}: there is nothing to restore.',
  restoreDeletedSince: 'Row {id} ({key}) was deleted after this change: restore its deletion first.',
  restoreChangedSince: 'Row {id} ({key}) was changed again by {user} at {time}, after this entry: restore from its latest entry, so no later change is lost.',
  restoreAlreadyThere: 'Row {id} ({key}) is in the list again already: it was restored before.',
  restoreConflict: 'Row {id} cannot be restored: row {other} now has the same {fields} ({key}). Change or delete row {other} first.',
  restoreNotOffered: 'The {list} does not allow {action}, so this entry cannot be restored.',
} as const;
