import type { TranslationMessages } from 'ra-core';
import { Messages } from '../../domain/statusCodes';
import { ruleListPlugins } from '../../../plugins';

/**
 * The app's one messages file: react-admin's English messages plus ours under `app`.
 * Spec wording comes verbatim from src/domain (Messages), turned into polyglot's `%{name}` form;
 * rule-list labels come from the plugin registry. Pluralised entries use polyglot's `||||`.
 * The login page reads `appMessages` only; react-admin's part is loaded with the signed-in screens.
 */

/** '{times}' -> '%{times}' (spec placeholders to polyglot's). */
function toPolyglot<T extends Record<string, string>>(source: T): { [K in keyof T]: string } {
  return Object.fromEntries(Object.entries(source).map(([key, value]) => [key, value.replace(/\{(\w+)\}/g, '%{$1}')])) as { [K in keyof T]: string };
}

export const appMessages = {
  app: {
    productFallback: 'Cargo Portal',
    loading: 'Loading…',
    message: toPolyglot(Messages),
    dialog: {
      ok: 'OK',
    },
    login: {
      heading: 'Sign in',
      intro: 'Search air waybills, view and share shipment documents, and accept or reject shipments.',
      companyId: 'Company ID',
      userId: 'User ID',
      password: 'Password',
      submit: 'Login',
      signingIn: 'Signing in…',
      tooManyAttempts: 'Too many sign-in attempts. Please wait %{wait} and try again.',
      tooManyAttemptsNoWait: 'Too many sign-in attempts. Please wait a few minutes and try again.',
      seconds: '%{smart_count} second |||| %{smart_count} seconds',
      minutes: '%{smart_count} minute |||| %{smart_count} minutes',
      formLabel: 'Sign-in form',
    },
    error: {
      back: 'Back',
      code: 'Error %{code}',
      401: { title: 'Unauthorized', text: 'Please sign in to see this page.' },
      403: { title: 'Access denied', text: 'You do not have permission to view this page.' },
      404: { title: 'Page not found', text: 'The page you are looking for does not exist.' },
      500: { title: 'Something went wrong', text: 'The request could not be completed. Please try again later.' },
    },
    menu: {
      label: 'Main menu',
      administration: 'Administration',
      logout: 'Logout',
    },
    page: {
      login: 'Login',
      bulletin: 'Bulletin',
      changePassword: 'Change Password',
      cookiesPolicy: 'Cookies Policy',
      error: 'Error',
      logout: 'Logout',
      footer: 'Footer',
      shipment: 'Shipments',
      shipmentDetails: 'Shipment Details',
      shipmentLog: 'User Log',
      userManagement: 'User Management',
      userManagementAdd: 'Add User',
      userManagementEdit: 'Edit User',
      awbDetail: 'AWB Detail',
      awbDetailSanction: 'Sanction and Compliance Check',
      userlog: 'User Log',
      adminlistimport: 'Import',
      adminlistcontrol: 'Admin List Control',
    },
    empty: {
      shipment: 'No shipments to show yet.',
      shipmentDetails: 'No details to show for this shipment yet.',
      shipmentLog: 'No log entries to show yet.',
      userManagement: 'No users to show yet.',
      userForm: 'No user details to show yet.',
      bulletin: 'No bulletins to show yet.',
      changePassword: 'Password change is currently not available.',
      awbDetail: 'No air waybill details to show yet.',
      ruleList: 'No records to show yet.',
      cookiesPolicy: 'The cookies policy is currently not available.',
    },
    footer: {
      copyright: '© %{year} %{product}. All rights reserved.',
    },
    logout: {
      inProgress: 'Signing out…',
    },
    ruleList: Object.fromEntries(ruleListPlugins.map((plugin) => [plugin.name, plugin.label])) as Record<string, string>,
  },
};

let english: Promise<TranslationMessages> | undefined;

/** react-admin's English messages merged with ours (the same promise on every call). */
export function loadEnglishMessages(): Promise<TranslationMessages> {
  english ??= import('ra-language-english').then(
    ({ default: raEnglish }) => ({ ...raEnglish, ...appMessages }),
    (error: unknown) => {
      english = undefined;
      throw error;
    },
  );
  return english;
}
