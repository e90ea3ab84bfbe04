import { isAbsoluteIri, readOneNode, optionalDescription, optionalExpiry, optionalFlag, type Expanded } from './jsonLdReading';
import type { Reading } from './objectReading';
import { API } from './vocabulary';

/**
 * Access delegations (issue 37, 4; API 2.3.0 "Access Delegation"): an api:AccessDelegation asks the holder of logistics
 * objects to let one organisation (api:isRequestedFor: one, as 2.3.0 has it) read them (GET_LOGISTICS_OBJECT), read
 * their events (GET_LOGISTICS_EVENT) or post events to them (POST_LOGISTICS_EVENT).
 */

export const PERMISSIONS = ['GET_LOGISTICS_OBJECT', 'GET_LOGISTICS_EVENT', 'POST_LOGISTICS_EVENT', 'PATCH_LOGISTICS_OBJECT'] as const;
export type Permission = (typeof PERMISSIONS)[number];

export interface Delegation {
  permissions: Permission[];
  requestedFor: string;
  /** The objects' IRIs. */
  objects: string[];
  description?: string;
  notify: boolean;
  expiresAt?: Date;
}

const refuse = (message: string, property?: string): { ok: false; message: string; property?: string } => ({
  ok: false,
  message,
  ...(property ? { property } : {}),
});
const values = (node: Expanded, property: string) => (node[`${API}${property}`] as Expanded[] | undefined) ?? [];
const KEYS = ['hasPermission', 'isRequestedFor', 'hasLogisticsObject', 'hasDescription', 'notifyRequestStatusChange', 'expiresAt'];
/** The most objects one delegation names. */
export const DELEGATION_OBJECTS_MAX = 100;

export async function readDelegation(body: unknown): Promise<Reading<Delegation>> {
  const read = await readOneNode(body, 'an api:AccessDelegation', `${API}AccessDelegation`);
  if (!read.ok) return read;
  const { node } = read;
  const unknown = Object.keys(node).filter((key) => key !== '@type' && key !== '@id' && !KEYS.some((name) => key === `${API}${name}`));
  if (unknown.length > 0) return refuse(`An api:AccessDelegation holds no ${unknown.join(', ')}.`, unknown[0]);
  const permissions: Permission[] = [];
  for (const each of values(node, 'hasPermission')) {
    const name = typeof each['@id'] === 'string' ? each['@id'].replace(API, '') : '';
    if (!PERMISSIONS.includes(name as Permission))
      return refuse(`api:hasPermission takes ${PERMISSIONS.map((permission) => `api:${permission}`).join(', ')}.`, `${API}hasPermission`);
    if (!permissions.includes(name as Permission)) permissions.push(name as Permission);
  }
  if (permissions.length === 0) return refuse('api:hasPermission needs at least one permission.', `${API}hasPermission`);
  const requestedFor = values(node, 'isRequestedFor');
  if (requestedFor.length !== 1 || !isAbsoluteIri(requestedFor[0]['@id']))
    return refuse('api:isRequestedFor must link one organisation (ONE Record API 2.3.0 takes one).', `${API}isRequestedFor`);
  const objects = values(node, 'hasLogisticsObject').map((each) => each['@id']);
  if (objects.length === 0 || objects.length > DELEGATION_OBJECTS_MAX || !objects.every(isAbsoluteIri))
    return refuse(`api:hasLogisticsObject must link 1 to ${DELEGATION_OBJECTS_MAX} logistics objects by their IRIs.`, `${API}hasLogisticsObject`);
  const description = optionalDescription(node);
  if (!description.ok) return description;
  const notify = optionalFlag(node, 'notifyRequestStatusChange');
  if (!notify.ok) return notify;
  const expiresAt = optionalExpiry(node);
  if (!expiresAt.ok) return expiresAt;
  return {
    ok: true,
    value: {
      permissions,
      requestedFor: requestedFor[0]['@id'] as string,
      objects: [...new Set(objects as string[])],
      ...(description.value !== undefined ? { description: description.value } : {}),
      notify: notify.value ?? false,
      ...(expiresAt.value ? { expiresAt: expiresAt.value } : {}),
    },
  };
}
