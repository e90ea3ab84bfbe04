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
} as const;
