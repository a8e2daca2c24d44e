// The stylesheets of a remote's page, as its manifest lists them, for the entry's early paint of that
// page (its remote's first screen, paintFirstScreen.ts): painted with the page's own classes under the
// page's own stylesheet, it is laid out as the page will be, and follows the remote's releases without
// a shell rebuild. The manifests come from the federation runtime as it reads them (mfRuntimePlugin.ts):
// no second fetch.
// No imports: the runtime plugin is part of the shell's entry.

/** The part of a remote's mf-manifest.json read here. */
export interface ManifestStyles {
  metaData?: { publicPath?: string };
  exposes?: Array<{ name?: string; assets?: { css?: { sync?: string[] } } }>;
}

const read = new Map<string, ManifestStyles>();
const waiting = new Map<string, Array<(manifest: ManifestStyles) => void>>();
/** Manifests the painter asked for before the runtime did, by absolute URL: the runtime's fetch takes each once. */
const early = new Map<string, Promise<Response>>();

/** Called by the runtime plugin with each manifest it reads, by the URL /remotes.json gives. */
export function manifestRead(manifestUrl: string, manifest: ManifestStyles): void {
  read.set(manifestUrl, manifest);
  for (const resolve of waiting.get(manifestUrl) ?? []) resolve(manifest);
  waiting.delete(manifestUrl);
}

/**
 * Reads a remote's manifest now, for the painter, when the runtime has not: on a painted page the
 * remotes' modules load after the paint, so the page's stylesheet would otherwise wait for them.
 * The runtime's own read of that URL then takes this answer (takeEarlyManifest): one fetch.
 */
export function readManifestEarly(manifestUrl: string): void {
  if (read.has(manifestUrl) || early.has(manifestUrl)) return;
  const response = fetch(manifestUrl, { cache: 'no-cache' });
  early.set(manifestUrl, response);
  response
    .then((r) => (r.ok ? (r.clone().json() as Promise<ManifestStyles>) : null))
    .then((manifest) => manifest && manifestRead(manifestUrl, manifest))
    // A remote that is down: the runtime's own read meets it (retries, then the fallback).
    .catch(() => undefined);
}

/** The painter's answer for this manifest URL, once; undefined when it did not ask. */
export function takeEarlyManifest(manifestUrl: string): Promise<Response> | undefined {
  const response = early.get(manifestUrl);
  early.delete(manifestUrl);
  return response;
}

function manifestOf(manifestUrl: string): Promise<ManifestStyles> {
  const known = read.get(manifestUrl);
  if (known) return Promise.resolve(known);
  return new Promise((resolve) => waiting.set(manifestUrl, [...(waiting.get(manifestUrl) ?? []), resolve]));
}

/**
 * The absolute URLs of the stylesheets `expose` needs when it first renders, as the remote's own CSS
 * loader names them (its public path, "auto" being the manifest's folder, then the file): the remote
 * then finds them in the document and does not load them again. Waits for the manifest; [] when
 * the remote does not expose that module.
 */
export async function exposeStylesheets(manifestUrl: string, expose: string): Promise<string[]> {
  return stylesheetsIn(await manifestOf(manifestUrl), manifestUrl, expose);
}

/** exposeStylesheets of a manifest already read (the shell's page server reads its own). */
export function stylesheetsIn(manifest: ManifestStyles, manifestUrl: string, expose: string): string[] {
  const files = manifest.exposes?.find((e) => e.name === expose)?.assets?.css?.sync ?? [];
  const publicPath = manifest.metaData?.publicPath;
  const base = new URL(publicPath && publicPath !== 'auto' ? publicPath : '.', manifestUrl);
  return files.map((file) => new URL(file, base).href);
}
