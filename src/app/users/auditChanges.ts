/** The audit's before/after images as lines a person reads: "Role: OPERATOR → ADMIN". */

export interface AuditChangeLine {
  field: string;
  before?: unknown;
  after?: unknown;
  /** Only `after` (a creation) or only `before` (a deletion) is meaningful. */
  kind: 'changed' | 'set' | 'removed';
}

function image(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

export function auditChangeLines(before: unknown, after: unknown): AuditChangeLine[] {
  const was = image(before);
  const now = image(after);
  const fields = [...new Set([...Object.keys(was), ...Object.keys(now)])];
  if (after === null) return fields.map((field) => ({ field, before: was[field], kind: 'removed' }));
  if (before === null) return fields.map((field) => ({ field, after: now[field], kind: 'set' }));
  return fields.map((field) => ({ field, before: was[field], after: now[field], kind: 'changed' }));
}

/** "DEMOAIR|bob" -> "bob"; "DEMOAIR|203.0.113.0/24" -> "203.0.113.0/24". */
export function auditSubject(entityKey: string): string {
  const separator = entityKey.indexOf('|');
  return separator === -1 ? entityKey : entityKey.slice(separator + 1);
}
