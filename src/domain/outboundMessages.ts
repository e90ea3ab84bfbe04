/**
 * Outbound messages (issue 6) as the server keeps them and the outbound screen filters and colours
 * them: the receivers, the states of a message, and which states the grid's Resend and Cancel take.
 */

export const OUTBOUND_TARGETS = ['ACAS', 'ACI', 'TERMINAL', 'CSS'] as const;
export type OutboundTarget = (typeof OUTBOUND_TARGETS)[number];

export const OUTBOUND_STATES = ['QUEUED', 'SENT', 'ACKNOWLEDGED', 'FAILED', 'CANCELLED'] as const;
export type OutboundState = (typeof OUTBOUND_STATES)[number];

/** Resend: failed, sent, acknowledged or cancelled messages go out again; Cancel: queued ones stop. */
export const OUTBOUND_ACTION_FROM: Record<'resend' | 'cancel', readonly OutboundState[]> = {
  resend: ['SENT', 'ACKNOWLEDGED', 'FAILED', 'CANCELLED'],
  cancel: ['QUEUED'],
};
