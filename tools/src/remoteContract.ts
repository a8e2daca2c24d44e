// The contract between the shell and one remote, checked on what was actually built: the remote's
// mf-manifest.json against the shell's. A pure function, so CI checks real builds and tests can feed it
// hand-made manifests (a remote built against React 18, a renamed module...).
import { satisfy } from '@module-federation/enhanced/runtime';
import { REMOTE_EXPOSES } from '@grocer/shared/contracts';

/** The parts of a Module Federation manifest (mf-manifest.json) the contract is about. */
export interface FederationManifest {
  name: string;
  metaData: { buildInfo?: { buildVersion?: string; buildName?: string } };
  shared: Array<{ name: string; version: string; requiredVersion: string; singleton?: boolean }>;
  exposes: Array<{ name: string; path?: string }>;
}

/**
 * The release line a version range stays on: the major, or for 0.x the minor (0.1 and 0.2 are as far
 * apart as 1 and 2 under semver's caret), e.g. `^19.3.1` → `19`, `0.1.0` → `0.1`.
 */
export function releaseLine(range: string): string {
  const match = /(\d+)\.(\d+)\.(\d+)/.exec(range);
  if (!match) return range;
  const [, major, minor, patch] = match;
  if (major !== '0') return major!;
  return minor !== '0' ? `0.${minor}` : `0.0.${patch}`;
}

/**
 * Everything in `manifest` that breaks what the shell (`host`, the shell's own manifest) expects of the
 * remote `remote`; empty when the remote can be composed. Each problem is one readable sentence.
 */
export function checkRemoteManifest(remote: string, manifest: FederationManifest, host: FederationManifest): string[] {
  const problems: string[] = [];

  // The shell registers the remote under its REMOTE_EXPOSES key and loads `<key>/<module>`.
  if (manifest.name !== remote) problems.push(`is named "${manifest.name}", but the shell loads it as "${remote}"`);

  const version = manifest.metaData.buildInfo?.buildVersion;
  if (!version || !/^\d+\.\d+\.\d+/.test(version)) {
    problems.push(`carries no release version in metaData.buildInfo.buildVersion (got ${JSON.stringify(version)})`);
  }

  // A remote the shell knows only through its routes (added by configuration) has no entry there: what
  // it exposes is checked against its routes.json (tools/src/routeContract.ts).
  const contract = (REMOTE_EXPOSES as Partial<Record<string, readonly string[]>>)[remote];
  const expected = new Set<string>(contract);
  const actual = new Set(manifest.exposes.map((e) => e.name));
  for (const name of expected) {
    if (!actual.has(name)) problems.push(`does not expose ${name}, which the shell loads as ${remote}/${name}`);
  }
  for (const name of contract ? actual : []) {
    if (!expected.has(name)) problems.push(`exposes ${name}, which is not in the contract (REMOTE_EXPOSES in @grocer/shared)`);
  }

  // Singletons exist once per page and the shell's copy loads first ('loaded-first'), so a remote runs on
  // the shell's version: it must accept that version and be on the same release line.
  for (const shared of manifest.shared) {
    const provided = host.shared.find((s) => s.name === shared.name);
    if (!provided?.singleton) {
      if (shared.singleton) problems.push(`shares ${shared.name} as a singleton, but the shell does not provide it`);
      continue;
    }
    if (!shared.singleton) {
      problems.push(`shares ${shared.name} without singleton: true; the shell's copy is a singleton`);
    }
    if (releaseLine(shared.requiredVersion) !== releaseLine(provided.requiredVersion)) {
      problems.push(`requires ${shared.name} ${shared.requiredVersion}, another release line than the shell's ${provided.requiredVersion}`);
    } else if (!satisfy(provided.version, shared.requiredVersion)) {
      problems.push(`requires ${shared.name} ${shared.requiredVersion}, but the shell provides ${provided.version}`);
    }
  }

  return problems;
}
