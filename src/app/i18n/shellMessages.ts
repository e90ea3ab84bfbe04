import { Messages } from '../../domain/statusCodes';
import { NewPasswordProblemMessages } from '../../domain/passwordChange';
import { AccessMessages } from '../../domain/accessMessages';
import { BrowserMessages } from '../../domain/browserSupport';
import { ruleListPlugins } from '../../../plugins';

/**
 * The words of the pages the shell shows before and around sign-in (login and its dialogs, cookies,
 * passwords, errors, about and help, page chrome) and every page title: all the login page loads.
 * The signed-in screens' words are in `en.ts`, loaded with them (`loadEnglishMessages`).
 * Spec wording comes verbatim from src/domain (Messages), turned into polyglot's `%{name}` form.
 */

/** '{times}' -> '%{times}' (spec placeholders to polyglot's). */
export function toPolyglot<T extends Record<string, string>>(source: T): { [K in keyof T]: string } {
  return Object.fromEntries(Object.entries(source).map(([key, value]) => [key, value.replace(/\{(\w+)\}/g, '%{$1}')])) as { [K in keyof T]: string };
}

export const shellMessages = {
  app: {
    productFallback: 'Cargo Portal',
    loading: 'Loading…',
    message: toPolyglot(Messages),
    dialog: {
      ok: 'OK',
      cancel: 'Cancel',
      close: 'Close',
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
      codeMailUnavailable: 'The one-time code could not be sent by e-mail just now. Please try again in a few minutes.',
      seconds: '%{smart_count} second |||| %{smart_count} seconds',
      minutes: '%{smart_count} minute |||| %{smart_count} minutes',
      formLabel: 'Sign-in form',
      navLabel: 'Site',
      menu: 'Menu',
      closeMenu: 'Close menu',
      language: 'Language',
      tagline: 'Air cargo shipment handling for airlines, ground handlers and forwarders',
      features: {
        search: 'Find any air waybill by its number and see its status at a glance.',
        documents: 'View, print and share master AWBs, house manifests and pouches.',
        decisions: 'Accept or reject shipments under your company rules, with sanction screening.',
      },
      sidePanel: 'More information and contacts',
      moreInformation: 'More information',
      contactsTitle: 'Contact us',
      customerService: 'Customer service',
      businessDevelopment: 'Business development',
      termsNote: 'By signing in you accept the',
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
      about: 'About',
      help: 'Help',
      resetPassword: 'Reset Password',
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
      sanctioncheck: 'Sanction Check',
      outboundmessages: 'Outbound Messages',
      sanctionsources: 'Sanction Sources',
      shipmentmessages: 'Shipment Messages',
    },
    empty: {
      shipment: 'No shipments to show yet.',
      shipmentDetails: 'No details to show for this shipment yet.',
      shipmentLog: 'No log entries to show yet.',
      userManagement: 'No users to show yet.',
      userForm: 'No user details to show yet.',
      bulletin: 'No bulletins to show yet.',
      awbDetail: 'No air waybill details to show yet.',
      ruleList: 'No records to show yet.',
    },
    footer: {
      copyright: '© %{year} %{product}. All rights reserved.',
    },
    links: {
      aboutProduct: 'About the product',
      news: 'News',
      contactUs: 'Contact us',
      aboutProvider: 'About the provider',
      cookiesPolicy: 'Cookies policy',
      cookieSettings: 'Cookie settings',
      terms: 'Terms of use',
      help: 'Help',
    },
    languages: { en: 'English' },
    chrome: {
      home: '%{product} home',
      headerLinks: 'Provider',
      footerLinks: 'Site information',
    },
    // Also shown by the classic browser check that old browsers run (src/server/browserCheck.ts): one wording, in src/domain.
    browser: {
      title: BrowserMessages.outOfDateTitle,
      text: BrowserMessages.outOfDateText,
      dismiss: BrowserMessages.dismiss,
    },
    bulletin: {
      listLabel: 'Bulletins',
      empty: 'There are no bulletins at the moment.',
      loadFailed: 'The bulletins could not be loaded.',
      retry: 'Try again',
      published: 'Published %{date}',
      forAll: 'All companies',
      forCompany: 'Your company',
      more: 'Showing the %{count} newest of %{total} bulletins.',
      severity: { info: 'Information', warning: 'Warning', critical: 'Critical' },
    },
    mfa: {
      title: 'Enter your verification code',
      sent: 'We sent a 6-digit verification code to %{email}.',
      codeLabel: 'Verification code',
      prefixLabel: 'Code prefix %{prefix}',
      hint: 'Enter the %{length} digits after the prefix shown in the e-mail.',
      submit: 'Submit',
      verifying: 'Verifying…',
      resend: 'Resend code',
      resendIn: 'Resend code in %{seconds} s',
      timeLeft: 'Time left: %{time}',
      tooSoon: 'A code was sent to you moments ago. Please wait %{wait} before signing in again.',
    },
    consent: {
      title: 'Personal Information Protection',
      intro:
        'Before you continue, please read how the portal handles your personal information under the laws of the Chinese Mainland, and tick each box to agree.',
      legend: 'I agree to:',
      items: {
        personalInformation: 'the collection and use of my personal information (name, e-mail address, company, sign-in records) to run the portal;',
        sensitiveInformation: 'the processing of my sensitive personal information, such as my network address and the shipments I handle;',
        thirdPartyProvision:
          'the provision of my personal information to third parties that take part in handling the shipments (airlines, ground handlers and forwarders);',
        crossBorderTransfer: 'the export of my personal information outside the Chinese Mainland, to the servers that host the portal.',
      },
      tickAll: 'Tick all four boxes to continue.',
      ready: 'Thank you. Choose Continue to enter the portal.',
      continue: 'Continue',
      decline: 'Decline',
      failedTitle: 'Privacy consent',
      declinedTitle: 'Signed out',
      declined: 'You have not agreed to the processing of your personal information, so you have been signed out.',
    },
    forgot: {
      link: 'Forgot password?',
      title: 'Forgot password',
      intro: 'Enter your company ID and user ID. We will send a link to reset your password to the e-mail address on file.',
      companyId: 'Company ID',
      userId: 'User ID',
      submit: 'Send reset link',
      sending: 'Sending…',
      sentTitle: 'Check your e-mail',
      sent: 'If the account exists, a reset link has been sent to its e-mail address. It works once, within %{minutes} minutes.',
      failedTitle: 'Password reset failed',
      tryAgain: 'Try again',
      tooMany: 'Too many password reset requests. Please wait %{wait} and try again.',
      tooManyNoWait: 'Too many password reset requests. Please wait a few minutes and try again.',
    },
    reset: {
      checking: 'Checking your reset link…',
      noToken: 'This page opens from the link in a password reset e-mail. The link is missing or incomplete.',
      askAgain: 'You can ask for a new link with "Forgot password?" on the sign-in page.',
      forUser: 'Choose a new password for user %{userId} of company %{companyId}.',
      submit: 'Set new password',
      saving: 'Saving…',
      savingStatus: 'Saving your new password…',
      notChanged: 'Your password has not been changed.',
      done: 'Your password has been changed. You can now sign in with your new password.',
      toLogin: 'Go to sign-in',
    },
    password: {
      oldPassword: 'Current password',
      newPassword: 'New password',
      confirmPassword: 'Confirm new password',
      rules: 'At least %{min} characters, with digits, upper and lower case letters and special characters, and no spaces.',
      submit: 'Change password',
      saving: 'Saving…',
      changed: 'Your password has been changed.',
      menu: 'Change password',
    },
    passwordProblem: toPolyglot(NewPasswordProblemMessages),
    cookies: {
      bannerLabel: 'Cookie notice',
      bannerText: 'This site uses cookies to keep you signed in, to remember your settings and to understand how the portal is used.',
      policyLink: 'Read the cookies policy',
      continue: 'Continue',
      settingsTitle: 'Cookie settings',
      settingsText: 'Choose which cookies the portal may use. Strictly necessary cookies are always on, because sign-in does not work without them.',
      necessary: { title: 'Strictly necessary', text: 'Keep you signed in and remember your cookie choice.' },
      personalize: { title: 'Personalisation', text: 'Remember your list filters, sort orders and column choices.' },
      analytics: { title: 'Analytics', text: 'Count visits and page use, so the portal can be improved.' },
      rejectAll: 'Reject all',
      save: 'Save settings',
      acceptAll: 'Accept all',
    },
    cookiesPolicy: {
      intro:
        'This policy explains what the portal keeps in your browser and why. Cookies and browser storage are used only by the portal itself; nothing is shared with advertisers.',
      categoriesTitle: 'Categories',
      storageTitle: 'What is kept in your browser',
      columns: { name: 'Name', kind: 'Kept in', purpose: 'Purpose', lifetime: 'Lifetime' },
      kinds: { cookie: 'Cookie', localStorage: 'Local storage', sessionStorage: 'Session storage' },
      entries: {
        accessToken: { purpose: 'Proves that you are signed in', lifetime: 'Until you sign out or close the browser' },
        refreshToken: { purpose: 'Renews your sign-in while you work', lifetime: 'Until you sign out or close the browser (at most 12 hours)' },
        consentCookies: { purpose: 'Remember your cookie choice', lifetime: 'About 9.6 hours, then you are asked again' },
        mfaSession: {
          purpose: 'Lets this browser skip the one-time code after a successful one',
          lifetime: '30 days by default, or until your password changes',
        },
        consentStorage: { purpose: 'Remember your cookie choice', lifetime: 'Until you clear your browser data' },
        session: { purpose: 'Your menu and permissions while the tab is open', lifetime: 'Until the tab is closed' },
        listSettings: { purpose: 'Your list filters, sort orders and columns; kept only when you allow personalisation', lifetime: 'Until you next sign in' },
      },
      noThirdParty:
        'The portal does not load third-party trackers. You can change your choice at any time with "Cookie settings" at the bottom of the sign-in page.',
      choiceTitle: 'Your choice in this browser',
      noChoice: 'You have not made a choice yet.',
      on: 'allowed',
      off: 'not allowed',
      change: 'Change cookie settings',
    },
    terms: {
      title: 'Terms of use',
      intro: 'These terms apply to everyone who signs in to the portal. By signing in you accept them on behalf of yourself and your company.',
      use: {
        title: 'Use of the portal',
        text: 'The portal is provided for handling air cargo shipments of your company and its partners. Use it only for that purpose, and only with the rights your company administrator gave you.',
      },
      accounts: {
        title: 'Your account',
        text: 'Keep your password and one-time codes to yourself. Tell your company administrator at once if you think someone else used your account. Every action is recorded with your user ID.',
      },
      data: {
        title: 'Shipment data',
        text: 'Shipment data and documents belong to the companies that provided them. Share them only with the parties that take part in the shipment.',
      },
      availability: {
        title: 'Availability',
        text: 'The portal is run with care, but it may be unavailable during maintenance or in case of faults. Keep your own records of decisions you make.',
      },
      liability: {
        title: 'Liability',
        text: 'The provider is liable only for damage it caused on purpose or through gross negligence, to the extent the law allows.',
      },
    },
    info: {
      backToLogin: 'Back to sign-in',
      backToPortal: 'Back to the portal',
      contents: 'On this page',
      about: {
        lead: 'The Cargo Shipment Portal brings airlines, ground handlers and freight forwarders together around the air waybill.',
        product: {
          title: 'About the product',
          text: 'Search air waybills by number, follow each shipment from its first message to its acceptance, and see every document that belongs to it: the master AWB, the house manifest and the airline and forwarder pouches.\nShipments are checked against your company rules and against sanction lists. You accept or reject them from one screen, and every decision is recorded.',
        },
        news: {
          title: 'News',
          text: 'Safer sign-in: accounts can now ask for a one-time code sent by e-mail, and a browser that passed the code is remembered for 30 days.\nForgot your password? Ask for a reset link on the sign-in page; it reaches the e-mail address on file and works once.\nCookie settings: choose which cookies the portal may use, at any time.',
        },
        provider: {
          title: 'About the provider',
          text: 'The portal is run by Cargo Portal Services, which builds and operates shipment systems for the air cargo industry. Our service desk is open around the clock for the airlines, ground handlers and forwarders that use the portal.',
        },
      },
      help: {
        lead: 'How to sign in and how to work with shipments in the portal.',
        signIn: {
          title: 'Signing in',
          text: 'Enter your company ID, your user ID and your password, then choose Login. Company and user IDs are not case-sensitive.\nAfter too many wrong passwords, sign-in pauses for a while; the message tells you how long.',
        },
        oneTimeCode: {
          title: 'One-time code',
          text: 'If your account asks for a one-time code, the portal sends a 6-digit code to your e-mail address. Enter the digits after the prefix shown in the e-mail. You can ask for a new code after %{resendSeconds} seconds.\nAfter a successful code, this browser does not ask again for some time (30 days unless your company set otherwise).',
        },
        password: {
          title: 'Passwords',
          text: 'A password has at least 8 characters with digits, upper and lower case letters and special characters, and no spaces.\nForgot it? Choose "Forgot password?" on the sign-in page and follow the link we e-mail you. Signed in, you can change it from the user menu.',
        },
        search: {
          title: 'Finding a shipment',
          text: 'Type an AWB number as 3 digits and 8 digits, with or without a hyphen (for example 160-12345675). You can search up to 5 numbers at once.',
        },
        documents: {
          title: 'Documents',
          text: 'Open a shipment to see its documents. You can view, print, download and share them by e-mail with the parties of the shipment.',
        },
        decisions: {
          title: 'Accepting and rejecting',
          text: 'Select shipments to accept or reject them, or decide from the shipment detail. A remark of 10 to 5000 characters is needed where a rule asks for one. If the shipment data changed meanwhile, refresh before deciding.',
        },
        privacy: {
          title: 'Privacy and cookies',
          text: 'Users in the Chinese Mainland are asked once for their consent to the processing of personal information. The cookies policy lists everything the portal keeps in your browser.',
        },
        contact: {
          title: 'Contact us',
          text: 'For questions about your account, ask your company administrator first. For anything else, our teams are glad to help:',
        },
      },
    },
    logout: {
      inProgress: 'Signing out…',
    },
    users: {
      page: { audit: 'User Change History', ipRanges: 'Address Restriction', oneRecordClients: 'ONE Record Clients' },
      ipSignInRefused: AccessMessages.ipSignInRefused,
    },
    // Rule-list names: the page titles of their routes (the plugin registry is part of the route table).
    ruleList: Object.fromEntries(ruleListPlugins.map((plugin) => [plugin.name, plugin.label])) as Record<string, string>,
  },
};
