import { CHROME_MANIFEST, CHROME_TAGS, type ChromePart } from '../../chrome/contract';

interface ManifestEntry {
  file: string;
  isEntry?: boolean;
  css?: string[];
}

const loading = new Map<string, Promise<void>>();
const DEFINE_TIMEOUT_MS = 10_000;

function absoluteBase(baseUrl: string): string {
  const base = baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`;
  return new URL(base, window.location.href).href;
}

async function load(part: ChromePart, baseUrl: string): Promise<void> {
  const base = absoluteBase(baseUrl);
  const response = await fetch(new URL(CHROME_MANIFEST, base).href, { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`${CHROME_MANIFEST}: HTTP ${response.status}`);
  const manifest = (await response.json()) as Record<string, ManifestEntry>;
  const entry = Object.values(manifest).find((candidate) => candidate.isEntry && typeof candidate.file === 'string');
  if (!entry) throw new Error(`${CHROME_MANIFEST} names no entry`);
  for (const css of entry.css ?? []) {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = new URL(css, base).href;
    document.head.append(link);
  }
  await import(/* @vite-ignore */ new URL(entry.file, base).href);
  const tag = CHROME_TAGS[part];
  await Promise.race([
    customElements.whenDefined(tag),
    new Promise((_resolve, reject) => setTimeout(() => reject(new Error(`the bundle did not define <${tag}>`)), DEFINE_TIMEOUT_MS)),
  ]);
}

/**
 * Loads a header or footer front-end through its asset manifest (once per page). Rejects when
 * the manifest, the bundle or its element is missing; the caller writes that to the console.
 */
export function loadChromeApp(part: ChromePart, baseUrl: string): Promise<void> {
  const key = `${part}|${baseUrl}`;
  let pending = loading.get(key);
  if (!pending) {
    pending = load(part, baseUrl).catch((error: unknown) => {
      loading.delete(key);
      throw error;
    });
    loading.set(key, pending);
  }
  return pending;
}
