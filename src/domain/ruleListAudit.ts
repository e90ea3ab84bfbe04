/** What the user log of a rule list (userlog/{functionId}) records: one entry per row changed, with its values before and after. */
export const RULE_LIST_AUDIT_ACTIONS = ['Create', 'Update', 'Delete', 'Import', 'Cancel', 'Resend', 'Restore'] as const;
export type RuleListAuditAction = (typeof RULE_LIST_AUDIT_ACTIONS)[number];

/** A user log entry as the API answers it. */
export interface RuleListAuditEntry {
  id: number;
  at: string;
  userId: string;
  ipAddress: string | null;
  action: RuleListAuditAction;
  /** The row's id in the list. */
  rowId: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

/** One list of the rule-list overview (GET /classicapi/rulelists): its size and its last change. */
export interface RuleListOverviewEntry {
  name: string;
  functionId: number;
  label: string;
  rows: number;
  lastChangedAt: string | null;
  lastChangedBy: string | null;
}

/** The field sources whose value differs between before and after (all of them for a create or delete). */
export function changedSources(before: Record<string, unknown> | null, after: Record<string, unknown> | null): string[] {
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  return [...keys].filter((key) => key !== 'version' && (before?.[key] ?? null) !== (after?.[key] ?? null));
}

/** Whether a user log entry can be restored: it changed or deleted a row (an edit, a cancel, an import over a row, a delete, a restore). */
export function isRestorable(entry: Pick<RuleListAuditEntry, 'action' | 'before'>): boolean {
  return entry.before !== null && entry.action !== 'Resend';
}
