/** Messages of the access-control answers (USER_ACL_EXCEPTION -10000), which the spec leaves unworded. */
export const AccessMessages = {
  functionDenied: 'You do not have permission to use this function.',
  otherCompany: 'You can only manage the users and settings of your own company.',
  userNotFound: 'The user was not found.',
  /** Sign-in from an address outside the company's ranges (IP restriction). */
  ipSignInRefused: 'Sign-in is not allowed from your network address. Please contact your company administrator.',
} as const;
