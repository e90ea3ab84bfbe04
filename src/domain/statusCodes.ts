/** Server status codes of the spec's error catalogue (section 8). */
export const StatusCode = {
  SHIPMENT_NOT_FOUND: -100001,
  IP_RESTRICTION: -100002,
  SYSTEM_EXCEPTION: -99999,
  VALIDATION_FAIL: -50001,
  USER_PROFILE_DELETE_SELF: -11000,
  USER_PROFILE_DUPLICATE: -10003,
  USER_PROFILE_EMAIL_DUPLICATE: -10005,
  USER_PROFILE_INVALID: -10002,
  USER_PROFILE_NOT_FOUND: -10001,
  USER_ACL_EXCEPTION: -10000,
  FAILURE: -1,
  NO_RESPONSE: 0,
  SUCCESS: 1,
} as const;

export type StatusCodeValue = (typeof StatusCode)[keyof typeof StatusCode];

/** The spec's messages, verbatim; keys are also the i18n keys of the app. */
export const Messages = {
  loginIncorrect: 'Your user name or password was incorrect, please try again.',
  loginFailedTitle: 'Failed to login',
  invalidUserProfile: 'Invalid User Profile',
  loginFailed: 'Login Failed',
  sessionTimeout: 'Session is time out, please login again',
  sessionTimeoutTitle: 'Session Timeout',
  unexpectedError: 'Unexpected Error',
  invalidCode: 'Invalid verification code',
  otpIncorrect: 'Your OTP is incorrect. You have {times} attempt(s).',
  loginUnsuccessful: 'Login Unsuccessful, please login again.',
  consentFailed: 'Create Consent Unsuccessful, please try again.',
  incorrectPassword: 'Incorrect password.',
  passwordMismatch: 'Password confirmation does not match.',
  passwordNotNew: 'Please use a new password.',
  shipmentNotFound: 'There is no shipment found in AWB #{awb}.',
  recordNotFound: 'Record Not Found!',
  ipRestriction: 'Shipment cannot be access due to IP Restriction',
  /** The same refusal (IP_RESTRICTION) outside the shipment screens, where the spec's wording about a shipment does not fit. */
  ipRestrictionElsewhere: 'Your company does not allow access from this network address.',
  awbLent: 'This air waybill is lent, and you do not have access right to the details.',
  awbNotAccessible: 'This air waybill is not accessible.',
  userDuplicate: 'User profile is duplicated.',
  userEmailDuplicate: 'User email is duplicated.',
  userDeleteSelf: 'You cannot delete your account.',
  userNotRecognised: 'Sorry, we could not recognize the user name.',
  sessionExpired: 'Session expired',
  required: '* Required',
  invalidFormat: '* Invalid Format',
  fillField: 'Please fill in this field.',
  matchFormat: 'Please match the format requested.',
  matchType: 'Please match the type requested.',
} as const;

/** Replaces `{name}` placeholders of a spec message. */
export function formatMessage(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));
}

/** Log levels of client logging (spec 9). */
export const LogLevel = { debug: 1, info: 2, warning: 3, error: 4, fatal: 5 } as const;
