import { describe, expect, it } from 'vitest';
import { Messages, StatusCode } from '../../src/domain/statusCodes';
import { ShipmentMessages } from '../../src/domain/shipmentMessages';

/**
 * The error catalogue of the spec (section 8), copied here word for word: the product's constants
 * must not drift from it. Messages the spec cuts short with '...' are checked by their start
 * (CONTRACTS.md "Messages": the start is kept, the end is ours).
 */

describe('the error catalogue', () => {
  it('has the spec status codes and their numbers', () => {
    expect(StatusCode).toEqual({
      SHIPMENT_NOT_FOUND: -100001,
      // The spec spells it IP_RESTRCTION; the number is what travels.
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
    });
  });

  it('says the spec messages word for word', () => {
    const spec: [string, string][] = [
      [Messages.loginFailedTitle, 'Failed to login'],
      [Messages.invalidUserProfile, 'Invalid User Profile'],
      [Messages.loginFailed, 'Login Failed'],
      [Messages.sessionTimeout, 'Session is time out, please login again'],
      [Messages.sessionTimeoutTitle, 'Session Timeout'],
      [Messages.unexpectedError, 'Unexpected Error'],
      [Messages.invalidCode, 'Invalid verification code'],
      [Messages.otpIncorrect, 'Your OTP is incorrect. You have {times} attempt(s).'],
      [Messages.loginUnsuccessful, 'Login Unsuccessful, please login again.'],
      [Messages.consentFailed, 'Create Consent Unsuccessful, please try again.'],
      [Messages.incorrectPassword, 'Incorrect password.'],
      [Messages.passwordMismatch, 'Password confirmation does not match.'],
      [Messages.passwordNotNew, 'Please use a new password.'],
      [Messages.shipmentNotFound, 'There is no shipment found in AWB #{awb}.'],
      [Messages.ipRestriction, 'Shipment cannot be access due to IP Restriction'],
      [Messages.userDuplicate, 'User profile is duplicated.'],
      [Messages.userEmailDuplicate, 'User email is duplicated.'],
      [Messages.userDeleteSelf, 'You cannot delete your account.'],
      [Messages.userNotRecognised, 'Sorry, we could not recognize the user name.'],
      [Messages.recordNotFound, 'Record Not Found!'],
      [Messages.sessionExpired, 'Session expired'],
      [ShipmentMessages.shipmentNotFound, 'There is no shipment found in AWB #{awb}.'],
      [ShipmentMessages.ipRestriction, 'Shipment cannot be access due to IP Restriction'],
      [ShipmentMessages.acceptFail, 'Accept Shipment Fail!'],
      [ShipmentMessages.rejectFail, 'Reject Shipment Fail!'],
      [ShipmentMessages.markFail, 'Mark Fail!'],
      [ShipmentMessages.recordNotFound, 'Record Not Found!'],
      [ShipmentMessages.searchError, 'Error on Searching!'],
      [ShipmentMessages.networkTimeout, 'Network Timeout. Please close the pop up and refresh page.'],
      [ShipmentMessages.shareFail, 'Share AWB Fail!'],
      [ShipmentMessages.selectShareInformation, '* Please select share information'],
      [ShipmentMessages.noShipmentSelected, 'No shipment is selected.'],
      // Lending (CONTRACTS.md) and the field validations (spec 5).
      [ShipmentMessages.awbLent, 'This air waybill is lent, and you do not have access right to the details.'],
      [ShipmentMessages.awbNotAccessible, 'This air waybill is not accessible.'],
      [ShipmentMessages.awbFormat, 'Please enter AWB number in valid format.'],
      [Messages.fillField, 'Please fill in this field.'],
      [Messages.matchFormat, 'Please match the format requested.'],
      [Messages.matchType, 'Please match the type requested.'],
      [Messages.required, '* Required'],
      [Messages.invalidFormat, '* Invalid Format'],
    ];
    expect(spec.filter(([ours, theirs]) => ours !== theirs)).toEqual([]);
  });

  it('keeps the start of the messages the spec cuts short', () => {
    expect(Messages.loginIncorrect.startsWith('Your user name or password was incorrect')).toBe(true);
    expect(ShipmentMessages.documentsCannotOpen.startsWith('Selected document(s) cannot be opened')).toBe(true);
  });
});
