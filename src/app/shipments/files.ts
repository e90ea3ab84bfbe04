import { saveFile } from '../saveFile';
import type { ShipmentApi, FileTicketRequest } from './shipmentApi';

/**
 * Files from the API host: the page asks for a short-lived link (POST awbapi/fileticket, with the
 * bearer token), then opens it in a new window, or fetches it and saves what came: one PDF, or
 * several documents in one multipart answer.
 */

/** Opens a window at once (a click's window is not blocked) and sends it to the link when it comes. */
export async function openInWindow(api: ShipmentApi, request: FileTicketRequest): Promise<void> {
  const opened = window.open('', '_blank');
  try {
    const { Url } = await api.fileTicket(request);
    const url = api.apiUrl(Url);
    if (opened) opened.location.href = url;
    else window.location.assign(url);
  } catch (error) {
    opened?.close();
    throw error;
  }
}

function fileNameOf(disposition: string | null, fallback: string): string {
  const match = /filename="([^"]+)"/.exec(disposition ?? '');
  return match?.[1] ?? fallback;
}

/** Downloads the documents: one file as it is, several from one multipart/form-data answer. Resolves with the file names saved. */
export async function downloadDocuments(api: ShipmentApi, shipmentId: string, documentIds: string[]): Promise<string[]> {
  const { Url } = await api.fileTicket({ Kind: 'download', ShipmentId: shipmentId, DocumentIds: documentIds });
  const response = await fetch(api.apiUrl(Url));
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { message?: string };
    throw new Error(body.message ?? `HTTP ${response.status}`);
  }
  if ((response.headers.get('content-type') ?? '').startsWith('multipart/form-data')) {
    const form = await response.formData();
    const files = form.getAll('file').filter((entry): entry is File => entry instanceof File);
    for (const file of files) saveFile(file, file.name);
    return files.map((file) => file.name);
  }
  const name = fileNameOf(response.headers.get('content-disposition'), 'document.pdf');
  saveFile(await response.blob(), name);
  return [name];
}
