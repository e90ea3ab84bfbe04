import { ShipmentMessages } from './shipmentMessages';

/** Accept and sanction remarks: 10 to 5000 characters (spec 5, 9), counted as the user sees them (code points). */
export const REMARK_MIN_LENGTH = 10;
export const REMARK_MAX_LENGTH = 5000;

export function remarkLength(text: string): number {
  return [...text.trim()].length;
}

/**
 * The problem of a remark, or undefined. `required`: the remark must be given (soft block, sanction);
 * otherwise an empty remark is fine and a given one must still be 10 to 5000 characters.
 */
export function remarkProblem(text: string | undefined | null, required: boolean): string | undefined {
  const length = remarkLength(text ?? '');
  if (length === 0) return required ? ShipmentMessages.remarkLength : undefined;
  if (length < REMARK_MIN_LENGTH || length > REMARK_MAX_LENGTH) return ShipmentMessages.remarkLength;
  return undefined;
}

/** Free-text remarks that are optional and only bounded above (reject remarks, document remarks). */
export function freeRemarkProblem(text: string | undefined | null): string | undefined {
  return remarkLength(text ?? '') > REMARK_MAX_LENGTH ? ShipmentMessages.remarkTooLong : undefined;
}
