/** The user log (spec 3 "User log entry"): what was done to which AWB and document, by whom, when. */

/** Display, Download and Search are the spec's; the rest record decisions and changes (ARCHITECTURE.md), lending among them. */
export const ACTION_TYPES = [
  'Display',
  'Download',
  'Search',
  'Print',
  'Upload',
  'Share',
  'Accept',
  'Reject',
  'Modify',
  'Mark',
  'Send',
  'Sanction',
  'Lend',
  'TakeBack',
] as const;
export type ActionType = (typeof ACTION_TYPES)[number];

/** Action types the browser may report itself through /logapi/actionlogging (what happens in the browser alone). */
export const CLIENT_ACTION_TYPES = ['Display', 'Download', 'Print'] as const satisfies readonly ActionType[];
export type ClientActionType = (typeof CLIENT_ACTION_TYPES)[number];

export function isClientActionType(text: string): text is ClientActionType {
  return (CLIENT_ACTION_TYPES as readonly string[]).includes(text);
}

export function isActionType(text: string): text is ActionType {
  return (ACTION_TYPES as readonly string[]).includes(text);
}
