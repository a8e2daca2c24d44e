import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Copy, DockerfileParser, Env, type Instruction } from 'dockerfile-ast';
import { parse } from 'yaml';
import { PRESENT_APPS as APPS } from '../ports.ts';
import { SERVER_DIR, SHELL_SERVER_FILE } from '../shellPages.ts';
import { REPO_ROOT } from '../stack.ts';
import { dockerfileProblems, type ImageRules } from './dockerfileRules.ts';

const workspaces = (JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { workspaces: string[] }).workspaces;
const read = (file: string) => readFileSync(path.join(REPO_ROOT, file), 'utf8');

/** Every image the stack builds: its Dockerfile, build args, and what it may take from the repo. */
interface Image extends Omit<ImageRules, 'workspaces'> {
  dockerfile: string;
}
const IMAGES: Record<string, Image> = {
  // The Node services: one Dockerfile, a target each, WORKSPACE naming whose dependencies it installs.
  api: { dockerfile: 'docker/node/Dockerfile', target: 'api', buildArgs: { WORKSPACE: 'api' }, workspace: 'api', uses: ['shared'] },
  // The shell and every remote: one Dockerfile, the app named by APP.
  ...Object.fromEntries(
    APPS.map((a) => [
      a.dir,
      { dockerfile: 'docker/static/Dockerfile', buildArgs: { APP: a.dir }, workspace: a.dir, uses: ['shared', 'tools'] },
    ]),
  ),
  gateway: { dockerfile: 'docker/gateway/Dockerfile', workspace: null, uses: [] },
  // The shell's page server: the shell's production build's dist/server/pages.mjs, started by tools' server.
  'shell-pages': {
    dockerfile: 'docker/node/Dockerfile',
    target: 'pages',
    buildArgs: { WORKSPACE: 'tools' },
    workspace: 'shell',
    uses: ['shared', 'tools'],
  },
};

describe('the Dockerfiles', () => {
  it('are exactly the ones docker-compose.yml builds, with those targets and build args', () => {
    const compose = parse(read('docker-compose.yml')) as {
      services: Record<string, { build?: { dockerfile: string; target?: string; args?: Record<string, string> } }>;
    };
    const built = Object.fromEntries(
      Object.entries(compose.services).flatMap(([name, s]) =>
        s.build ? [[name, { dockerfile: s.build.dockerfile, target: s.build.target, buildArgs: s.build.args }]] : [],
      ),
    );
    expect(built).toEqual(
      Object.fromEntries(
        Object.entries(IMAGES).map(([name, { dockerfile, target, buildArgs }]) => [name, { dockerfile, target, buildArgs }]),
      ),
    );
  });

  it.each(Object.entries(IMAGES))('%s: lint clean, pinned, multi-stage, non-root, healthchecked, own workspace only', (_, image) => {
    const { dockerfile, ...rules } = image;
    expect(dockerfileProblems(read(dockerfile), { ...rules, workspaces })).toEqual([]);
  });

  it('fails the static build for an app it does not know, or without APP', () => {
    const text = read('docker/static/Dockerfile');
    const rules = { workspace: 'mf-nope', uses: ['shared', 'tools'], workspaces };
    expect(dockerfileProblems(text, { ...rules, buildArgs: { APP: 'mf-nope' } })).toContainEqual(
      expect.stringMatching(/base image app-mf-nope is not pinned/),
    );
    expect(dockerfileProblems(text, rules)).toContainEqual(expect.stringMatching(/base image app-\$\{APP\} is not pinned/));
  });

  it("checks each Node service's target alone, and its WORKSPACE", () => {
    const text = read('docker/node/Dockerfile');
    const api = { target: 'api', buildArgs: { WORKSPACE: 'api' }, workspace: 'api', uses: ['shared'], workspaces };
    expect(dockerfileProblems(text, api)).toEqual([]);
    // The page server's stages (the last ones) build the shell and copy tools: in the file, never in the API's image.
    expect(dockerfileProblems(text, { ...api, target: undefined }).map((problem) => problem.replace(/^line \d+: /, ''))).toEqual([
      'copies tools/package.json, another workspace',
      'copies shell/package.json, another workspace',
      'installs or builds workspace tools',
      'installs or builds workspace shell',
      'copies tools/, another workspace',
      'copies shell/, another workspace',
      'installs or builds workspace shell',
      'copies tools/src/shellPages.ts, another workspace',
      'copies tools/src/bin/page-server.ts, another workspace',
    ]);
    expect(dockerfileProblems(text, { ...api, buildArgs: { WORKSPACE: 'tools' } })).toEqual([
      expect.stringMatching(/copies tools\/package\.json, another workspace/),
      expect.stringMatching(/installs or builds workspace tools/),
    ]);
    expect(dockerfileProblems(text, { ...api, target: 'worker' })).toEqual(['has no stage worker']);
  });
});

describe('the page server image (docker/node/Dockerfile, target pages)', () => {
  const dockerfile = DockerfileParser.parse(read('docker/node/Dockerfile'));
  const froms = dockerfile.getFROMs();
  const instructions = dockerfile.getInstructions();
  /** The instructions of the stage named `name`. */
  const stage = (name: string) => {
    const at = froms.findIndex((f) => f.getBuildStage() === name);
    expect(at).toBeGreaterThan(-1);
    const [start, end] = [froms[at]!, froms[at + 1]].map((f) => f?.getRange().start.line ?? Infinity);
    return instructions.filter((i) => i.getRange().start.line > start! && i.getRange().start.line < end!);
  };
  const args = (i: Instruction) => i.getArguments().map((a) => a.getValue());
  const pages = stage('pages');
  const env = Object.fromEntries(pages.flatMap((i) => (i instanceof Env ? i.getProperties().map((p) => [p.getName(), p.getValue()]) : [])));
  const copies = pages.filter((i): i is Copy => i instanceof Copy);

  it("holds the shell's page server from its production build, where page-server.ts looks for it (SHELL_DIST)", () => {
    const fromBuild = copies.filter((c) => c.getFromFlag()?.getValue() === 'shell-build').map(args);
    expect(fromBuild).toEqual([[`/src/shell/dist/${SERVER_DIR}/${SHELL_SERVER_FILE}`, `shell/dist/${SERVER_DIR}/`]]);
    expect(env.SHELL_DIST).toBe(`/app/shell/dist`);
    expect(
      stage('shell-build')
        .find((i) => i.getKeyword() === 'WORKDIR')
        ?.getArguments()[0]
        ?.getValue(),
    ).toBe('/src');
    expect(
      stage('runtime')
        .find((i) => i.getKeyword() === 'WORKDIR')
        ?.getArguments()[0]
        ?.getValue(),
    ).toBe('/app');
    // The shell's build script is its production build, which alone writes dist/server/.
    expect(
      stage('shell-build')
        .filter((i) => i.getKeyword() === 'RUN')
        .map((i) => i.getArgumentsContent()),
    ).toContain('npm run build -w shell');
    const shellScripts = (JSON.parse(read('shell/package.json')) as { scripts: Record<string, string> }).scripts;
    expect(shellScripts.build).toMatch(/--mode production/);
    // Its default, for the same layout: tools/src/bin/ under /app.
    expect(read('tools/src/bin/page-server.ts')).toContain("new URL('../../../shell/dist', import.meta.url)");
  });

  it('runs page-server.ts, with only the tools files it needs: no JSDOM, no app code, nothing but Node, Fastify and each other', () => {
    const fromRepo = copies.filter((c) => !c.getFromFlag()).map((c) => args(c)[0]!);
    expect(fromRepo.sort()).toEqual(['tools/src/bin/page-server.ts', 'tools/src/shellPages.ts']);
    const cmd = pages.find((i) => i.getKeyword() === 'CMD')!;
    expect(JSON.parse(cmd.getArgumentsContent()!)).toEqual(['node', '--import', 'tsx', 'tools/src/bin/page-server.ts']);
    for (const file of fromRepo) {
      const imported = [...read(file).matchAll(/^import\b[^;]*?from '([^']+)'/gms)].map((m) => m[1]!);
      expect({ file, outside: imported.filter((name) => !/^node:|^fastify$|^\.\.?\/shellPages\.ts$/.test(name)) }).toEqual({
        file,
        outside: [],
      });
    }
    expect(pages.filter((i) => i.getKeyword() === 'USER').map(args)).toEqual([['node']]);
  });
});

describe('the shell image (docker/static/Dockerfile, APP=shell)', () => {
  it("leaves the shell's server build out: it is the page server's, not a browser's", () => {
    const text = read('docker/static/Dockerfile');
    const build = /^RUN npm run build -w \$\{APP\}(.*)$/m.exec(text)?.[1] ?? '';
    expect(build).toContain(`if [ "\${APP}" = shell ]; then rm -r shell/dist/${SERVER_DIR}; fi`);
    expect(text).toContain('COPY --from=build /src/${APP}/dist/ /usr/share/nginx/html/');
  });
});

describe('dockerfileProblems', () => {
  const rules: ImageRules = { workspace: 'mf-catalog', uses: ['shared', 'tools'], workspaces };
  const good = `FROM node:22-bookworm-slim AS build
COPY package.json package-lock.json ./
COPY shared/ shared/
COPY mf-catalog/ mf-catalog/
RUN npm install --workspace shared --workspace mf-catalog && npm run build -w mf-catalog

FROM nginxinc/nginx-unprivileged:1.28-alpine
COPY --from=build /src/mf-catalog/dist/ /usr/share/nginx/html/
USER 101
HEALTHCHECK CMD wget -q -O /dev/null http://127.0.0.1:8080/mf-manifest.json || exit 1
`;

  it('accepts a Dockerfile that keeps every rule', () => {
    expect(dockerfileProblems(good, rules)).toEqual([]);
  });

  it('reports what dockerfile-utils finds', () => {
    const typo = good.replace('USER 101', 'USR 101').replace('HEALTHCHECK CMD', 'HEALTHCHECK --intervl=5s CMD');
    expect(dockerfileProblems(typo, rules)).toEqual(
      expect.arrayContaining(['line 9: Unknown instruction: USR', 'line 10: Unknown flag: intervl']),
    );
  });

  it('reports an unpinned base image, one stage, root and no healthcheck', () => {
    const bad = `FROM node:latest
COPY mf-catalog/ mf-catalog/
RUN npm install --workspace mf-catalog
USER node
USER root
`;
    expect(dockerfileProblems(bad, rules)).toEqual([
      'line 1: base image node:latest is not pinned to a version tag',
      'builds in a single stage',
      'the final stage does not run as a non-root USER throughout',
      'the final stage has no HEALTHCHECK',
    ]);
    expect(dockerfileProblems(good.replace('USER 101\n', ''), rules)).toEqual([
      'the final stage does not run as a non-root USER throughout',
    ]);
    expect(dockerfileProblems(good.replace('nginxinc/nginx-unprivileged:1.28-alpine', 'nginx'), rules)).toEqual([
      'line 7: base image nginx is not pinned to a version tag',
    ]);
  });

  it('reports another workspace copied, installed or built', () => {
    const greedy = good
      .replace('COPY shared/ shared/', 'COPY shared/ shared/\nCOPY ./mf-orders/src mf-orders/src')
      .replace('npm install --workspace shared', 'npm install --workspace shared --workspace=api -w e2e')
      .replace('npm run build -w mf-catalog', 'npm run build --workspaces');
    expect(dockerfileProblems(greedy, rules)).toEqual([
      'line 4: copies ./mf-orders/src, another workspace',
      'line 6: installs or builds workspace api',
      'line 6: installs or builds workspace e2e',
      'line 6: installs or builds every workspace',
    ]);
  });

  it('reads the text the build args give, and the final stage with the stages it is built from', () => {
    const perApp = `ARG APP
FROM node:22-bookworm-slim AS build
ARG APP
COPY \${APP}/ \${APP}/
RUN npm install --workspace shared --workspace $APP && npm run build -w \${APP}

FROM nginxinc/nginx-unprivileged:1.28-alpine AS app-mf-catalog
HEALTHCHECK CMD wget -q -O /dev/null http://127.0.0.1:8080/mf-manifest.json || exit 1

FROM app-\${APP}
COPY --from=build /src/\${APP}/dist/ /usr/share/nginx/html/
USER 101
`;
    expect(dockerfileProblems(perApp, { ...rules, buildArgs: { APP: 'mf-catalog' } })).toEqual([]);
    expect(dockerfileProblems(perApp, { ...rules, buildArgs: { APP: 'mf-orders' } })).toEqual([
      'line 10: base image app-mf-orders is not pinned to a version tag',
      'the final stage has no HEALTHCHECK',
      'line 4: copies mf-orders/, another workspace',
      'line 5: installs or builds workspace mf-orders',
      'line 5: installs or builds workspace mf-orders',
    ]);
  });

  it('reads the image --target builds: that stage, the stages it is built FROM and those it copies from', () => {
    const targets = `FROM node:22-bookworm-slim AS deps
ARG WS
COPY \${WS}/package.json \${WS}/
RUN npm install --workspace shared --workspace \${WS}

FROM node:22-bookworm-slim AS base
COPY --from=deps /app/ ./
USER node

FROM base AS catalog
COPY mf-catalog/ mf-catalog/
HEALTHCHECK CMD wget -q -O /dev/null http://127.0.0.1:8080/ || exit 1

FROM base AS orders
COPY mf-orders/ mf-orders/
`;
    const catalog = { ...rules, buildArgs: { WS: 'mf-catalog' }, target: 'catalog' };
    expect(dockerfileProblems(targets, catalog)).toEqual([]);
    expect(dockerfileProblems(targets, { ...catalog, target: 'base' })).toEqual(['the final stage has no HEALTHCHECK']);
    expect(dockerfileProblems(targets, { ...catalog, target: 'deps' })).toEqual([
      'builds in a single stage',
      'the final stage does not run as a non-root USER throughout',
      'the final stage has no HEALTHCHECK',
    ]);
    // Without a target, the last stage.
    expect(dockerfileProblems(targets, { ...catalog, target: undefined })).toEqual([
      'the final stage has no HEALTHCHECK',
      'line 15: copies mf-orders/, another workspace',
    ]);
    // A stage copied from is in the image's build.
    expect(dockerfileProblems(targets, { ...catalog, buildArgs: { WS: 'mf-orders' } })).toEqual([
      'line 3: copies mf-orders/package.json, another workspace',
      'line 4: installs or builds workspace mf-orders',
    ]);
    expect(dockerfileProblems(targets, { ...catalog, target: 'account' })).toEqual(['has no stage account']);
  });
});
