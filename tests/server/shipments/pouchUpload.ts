import type { LightMyRequestResponse } from 'fastify';
import type { ShipmentTestApp, UserKey } from './support';

export interface UploadFile {
  name: string;
  content: Buffer;
  type?: string;
}

/** A multipart body as the browser's upload dialog sends it, and its content type (boundary included). */
export async function multipartBody(fields: Record<string, string>, file?: UploadFile): Promise<{ body: Buffer; contentType: string }> {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  if (file) form.append('file', new Blob([new Uint8Array(file.content)], { type: file.type ?? 'application/pdf' }), file.name);
  const request = new Request('http://local/', { method: 'POST', body: form });
  return { body: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get('content-type')! };
}

/** POST /awbapi/document/upload of a body made by multipartBody. */
export function sendUpload(t: ShipmentTestApp, user: UserKey, { body, contentType }: { body: Buffer; contentType: string }): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST',
    url: '/awbapi/document/upload',
    headers: { authorization: `Bearer ${t.tokens[user]}`, 'content-type': contentType },
    payload: body,
  });
}

/** Uploads a file to a shipment's pouch, with the form's fields. */
export async function uploadPouch(t: ShipmentTestApp, user: UserKey, fields: Record<string, string>, file?: UploadFile): Promise<LightMyRequestResponse> {
  return sendUpload(t, user, await multipartBody(fields, file));
}
