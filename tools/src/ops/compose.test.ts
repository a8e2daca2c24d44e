// What `docker-compose config` cannot know: the stack's own rules (a scalable API, every variable
// documented in .env.example with the same default, the shell's remote URLs matching the published ports).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DockerfileParser, Env } from 'dockerfile-ast';
import { parse } from 'yaml';
import { parseReach } from '../shellPages.ts';
import { APPS, runtimeDocuments, stackPorts } from '../ports.ts';
import { REPO_ROOT } from '../stack.ts';

interface Service {
  build?: { context: string; dockerfile: string; args?: Record<string, string> };
  image?: string;
  ports?: string[];
  container_name?: string;
  depends_on?: Record<string, { condition: string }> | string[];
  environment?: Record<string, string>;
  volumes?: string[];
  healthcheck?: unknown;
}

const text = readFileSync(path.join(REPO_ROOT, 'docker-compose.yml'), 'utf8');
const compose = parse(text) as { services: Record<string, Service>; volumes: Record<string, unknown> };
const { services } = compose;

/** KEY=value lines of .env.example. */
const envExample = new Map(
  readFileSync(path.join(REPO_ROOT, '.env.example'), 'utf8')
    .split('\n')
    .flatMap((line) => {
      const match = /^([A-Z][A-Z0-9_]*)=(.*)$/.exec(line);
      return match ? [[match[1]!, match[2]!] as const] : [];
    }),
);

/** ${NAME} or ${NAME:-default}; `$${...}` is compose's escape for the container's own shell. */
const INTERPOLATION = /(?<!\$)\$\{([A-Z][A-Z0-9_]*)(?::?-([^}]*))?\}/g;

/** Every variable the compose file interpolates, with its default ('' when none). */
const interpolated = new Map([...text.matchAll(INTERPOLATION)].map((m) => [m[1]!, m[2] ?? '']));

/** The value a variable gets with .env.example's values. */
const resolve = (value: string) => value.replace(INTERPOLATION, (_, name: string) => envExample.get(name) ?? '');

describe('docker-compose.yml', () => {
  it('runs the whole stack', () => {
    expect(Object.keys(services).sort()).toEqual(
      ['postgres', 'redis', 'mailpit', 'api', 'gateway', 'shell-pages', ...APPS.map((a) => a.dir)].sort(),
    );
  });

  it("lets the shell's page step reach the API and every remote by name, at the addresses browsers use", () => {
    const reach = parseReach(resolve(services['shell-pages']!.environment!.PAGE_REACH!));
    expect(services['shell-pages']!.environment!.SHELL_URL).toBe('http://shell:8080');
    const docs = runtimeDocuments(stackPorts({}), 'localhost', {});
    expect(reach(`${docs.config.apiBaseUrl}/open/stores`)).toBe('http://gateway:8080/open/stores');
    for (const app of APPS.filter((a) => a.dir !== 'shell')) {
      const manifest = Object.values(docs.remotes as Record<string, string>).find((url) => url.includes(`:${app.defaultPort}/`))!;
      expect(reach(manifest)).toBe(`http://${app.dir}:8080/mf-manifest.json`);
    }
    // Anything else (a remote on a CDN) is read where it is.
    expect(reach('https://cdn.example/catalog/mf-manifest.json')).toBe('https://cdn.example/catalog/mf-manifest.json');
  });

  it('keeps the API stateless and scalable: no host port, no container name, reached through the gateway', () => {
    const api = services.api!;
    expect(api.ports).toBeUndefined();
    expect(Object.values(services).filter((s) => s.container_name)).toEqual([]);
    expect(api.depends_on).toMatchObject({ postgres: { condition: 'service_healthy' }, redis: { condition: 'service_healthy' } });
    expect(resolve(api.environment!.DATABASE_URL!)).toBe('postgres://grocer:grocer@postgres:5432/grocer');
    expect(api.environment!.REDIS_URL).toBe('redis://redis:6379');
    expect(resolve(api.environment!.SMTP_URL!)).toBe('smtp://mailpit:1025');
    expect(services.gateway!.ports!.map(resolve)).toEqual(['127.0.0.1:4000:8080']);
  });

  it('publishes every port on the loopback unless PUBLISH_ADDRESS says otherwise', () => {
    const published = Object.values(services).flatMap((service) => service.ports ?? []);
    expect(published.length).toBeGreaterThan(8);
    for (const port of published) expect(resolve(port)).toMatch(/^127\.0\.0\.1:\d+:\d+$/);
  });

  it('keeps PostgreSQL in a named volume, with a healthcheck', () => {
    expect(services.postgres!.volumes).toEqual(['postgres-data:/var/lib/postgresql/data']);
    expect(Object.keys(compose.volumes)).toContain('postgres-data');
    expect(services.postgres!.healthcheck).toBeDefined();
  });

  it('publishes each app on the port `npm start` uses, from its own image', () => {
    for (const app of APPS) {
      expect(services[app.dir]!.ports!.map(resolve)).toEqual([`127.0.0.1:${app.defaultPort}:8080`]);
      expect(services[app.dir]!.image).toBe(`grocer/${app.dir}`);
    }
  });

  it('points the shell at those ports by default, as `npm start` writes /remotes.json and /config.json', () => {
    const docs = runtimeDocuments(stackPorts({}), 'localhost', {});
    const env = services.shell!.environment!;
    const remotes = Object.fromEntries(
      APPS.filter((a) => a.remote).map((a) => [a.remote, resolve(env[a.portEnv.replace(/_PORT$/, '_REMOTE_URL')]!)]),
    );
    expect(remotes).toEqual(docs.remotes);
    expect({
      apiBaseUrl: resolve(env.PUBLIC_API_URL!),
      adminUrl: resolve(env.PUBLIC_ADMIN_URL!),
      vitalsSampleRate: Number(resolve(env.VITALS_SAMPLE_RATE!)),
    }).toEqual(docs.config);
  });

  it('gives the shell image the same defaults, for `docker run` without compose', () => {
    const dockerfile = DockerfileParser.parse(readFileSync(path.join(REPO_ROOT, 'docker/static/Dockerfile'), 'utf8'));
    // The shell's own stage of the one static Dockerfile (built with APP=shell).
    const froms = dockerfile.getFROMs();
    const shellStage = froms.findIndex((f) => f.getBuildStage() === 'app-shell');
    const [start, end] = [froms[shellStage]!, froms[shellStage + 1]].map((f) => f?.getRange().start.line ?? Infinity);
    const defaults = dockerfile
      .getInstructions()
      .filter((i) => i.getRange().start.line >= start! && i.getRange().start.line < end!)
      .flatMap((i) => (i instanceof Env ? i.getProperties().map((p) => [p.getName(), p.getValue()] as const) : []))
      .filter(([name]) => name in services.shell!.environment!);
    const fromCompose = Object.entries(services.shell!.environment!).map(([name, value]) => [name, resolve(value)] as const);
    expect(Object.fromEntries(defaults)).toEqual(Object.fromEntries(fromCompose));
  });
});

describe('.env.example', () => {
  it('lists every variable the compose file uses, and nothing else', () => {
    expect([...envExample.keys()].sort()).toEqual([...interpolated.keys()].sort());
  });

  it('gives each the same default as the compose file, so a missing .env changes nothing', () => {
    const differing = [...interpolated].filter(([name, fallback]) => envExample.get(name) !== fallback);
    expect(differing).toEqual([]);
  });

  it('leaves production secrets blank: the API then refuses to start in production instead of using a known value', () => {
    expect(['JWT_SECRET', 'PAYPAL_CLIENT_ID', 'PAYPAL_CLIENT_SECRET'].map((name) => envExample.get(name))).toEqual(['', '', '']);
  });
});
