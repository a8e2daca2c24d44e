// The rules every Grocer Dockerfile keeps, as a pure function over its text: dockerfile-utils' lint
// (the linter behind VS Code's Docker support: syntax, flags, instruction arguments) plus the house
// rules of the ops issue. Checked for every image by dockerfileRules.test.ts (`npm run ops:check` in CI).
import { DockerfileParser, type Instruction, ModifiableInstruction } from 'dockerfile-ast';
import { validate } from 'dockerfile-utils';

export interface ImageRules {
  /** The workspace the image builds; null for an image that builds nothing (the gateway). */
  workspace: string | null;
  /** The other workspaces it builds against (shared; tools for the rspack builds). */
  uses: readonly string[];
  /** Every workspace of the repo: an image may copy or install only its own and `uses`. */
  workspaces: readonly string[];
  /** The --build-arg values the image is built with (APP for the static images); the rules read the text they give. */
  buildArgs?: Readonly<Record<string, string>>;
  /** The stage built (--target), for a Dockerfile of several images; the last stage without one. */
  target?: string;
}

/** `text` with each `$NAME` and `${NAME}` of `args` replaced by its value, as the build sees it. */
function withBuildArgs(text: string, args: Readonly<Record<string, string>>): string {
  return text.replace(/\$\{([A-Za-z_][A-Za-z0-9_]*)\}|\$([A-Za-z_][A-Za-z0-9_]*)/g, (whole, braced?: string, bare?: string) => {
    const name = (braced ?? bare)!;
    return Object.hasOwn(args, name) ? args[name]! : whole;
  });
}

/** The --from of a COPY or ADD (a stage's name or index, or an image); undefined when it has none. */
function fromFlag(instruction: Instruction): string | null | undefined {
  const flags = instruction instanceof ModifiableInstruction ? instruction.getFlags() : [];
  return flags.find((f) => f.getName() === 'from')?.getValue();
}

const isRoot = (user: string | undefined) => user === undefined || /^(root|0)(:|$)/.test(user);

/** Everything in `text` that breaks the rules; empty when the Dockerfile is fine. */
export function dockerfileProblems(source: string, rules: ImageRules): string[] {
  const problems = validate(source).map((d) => `line ${d.range.start.line + 1}: ${d.message}`);
  const text = withBuildArgs(source, rules.buildArgs ?? {});
  const dockerfile = DockerfileParser.parse(text);
  const froms = dockerfile.getFROMs();
  const lastFrom = froms.at(-1);
  if (!lastFrom) return [...problems, 'has no FROM'];
  const lineOf = (i: { getRange(): { start: { line: number } } }) => i.getRange().start.line + 1;

  // Base images carry a version, so a rebuild cannot silently move to a new major (or to `latest`).
  const stages = new Set(froms.map((f) => f.getBuildStage()?.toLowerCase()).filter(Boolean));
  for (const from of froms) {
    const image = from.getImageName();
    if (image && stages.has(image.toLowerCase())) continue;
    const tag = from.getImageTag();
    if (!from.getImageDigest() && (!tag || tag === 'latest' || !/\d/.test(tag))) {
      problems.push(`line ${lineOf(from)}: base image ${from.getImage()} is not pinned to a version tag`);
    }
  }

  // The stages the image is made of, as BuildKit builds them: the target, the stages it is built FROM and
  // those it copies from. Another target's stage is not in this image, so its copies do not count here.
  const instructions = dockerfile.getInstructions();
  const inStage = (index: number) => {
    const [start, end] = [froms[index], froms[index + 1]].map((f) => (f ? lineOf(f) : Infinity));
    return instructions.filter((i) => lineOf(i) >= start! && lineOf(i) < end!);
  };
  /** The stage `name` names among the first `before` stages; -1 for an image. */
  const stageNamed = (name: string, before = froms.length) =>
    froms.slice(0, before).findIndex((f) => f.getBuildStage()?.toLowerCase() === name.toLowerCase());
  const parentOf = (index: number) => stageNamed(froms[index]!.getImageName() ?? '', index);
  const copiedFrom = (from: string | null | undefined) => (!from ? -1 : /^\d+$/.test(from) ? Number(from) : stageNamed(from));
  const target = rules.target === undefined ? froms.length - 1 : stageNamed(rules.target);
  if (target < 0) return [...problems, `has no stage ${rules.target}`];
  const built = new Set<number>();
  for (const pending = [target]; pending.length > 0;) {
    const index = pending.pop()!;
    if (index < 0 || index >= froms.length || built.has(index)) continue;
    built.add(index);
    pending.push(parentOf(index), ...inStage(index).map((i) => copiedFrom(fromFlag(i))));
  }

  // Compilers, dev dependencies and sources stay in the build stage.
  if (rules.workspace !== null && built.size < 2) problems.push('builds in a single stage');

  // The final stage with the stages it is built FROM (a per-app stage chosen by a build arg, say).
  const final: typeof instructions = [];
  for (let index = target; index >= 0; index = parentOf(index)) final.unshift(...inStage(index));
  const users = final.filter((i) => i.getKeyword() === 'USER').map((i) => i.getArguments()[0]?.getValue());
  if (users.length === 0 || users.some(isRoot)) problems.push('the final stage does not run as a non-root USER throughout');
  const healthcheck = final.findLast((i) => i.getKeyword() === 'HEALTHCHECK');
  if (!healthcheck || healthcheck.getArguments()[0]?.getValue().toUpperCase() === 'NONE') {
    problems.push('the final stage has no HEALTHCHECK');
  }

  // Only its own workspace (and what it builds against) goes into the image, so another team's change
  // never rebuilds or ships in it.
  const allowed = new Set([rules.workspace, ...rules.uses].filter((w): w is string => w !== null));
  const foreign = (workspace: string) => rules.workspaces.includes(workspace) && !allowed.has(workspace);
  for (const instruction of [...built].sort((a, b) => a - b).flatMap(inStage)) {
    const keyword = instruction.getKeyword();
    const args = instruction.getArguments().map((a) => a.getValue());
    const fromStage = fromFlag(instruction) !== undefined;
    if ((keyword === 'COPY' || keyword === 'ADD') && !fromStage) {
      for (const source of args.slice(0, -1)) {
        const top = source.replace(/^\.?\//, '').split('/')[0] ?? '';
        if (foreign(top)) problems.push(`line ${lineOf(instruction)}: copies ${source}, another workspace`);
      }
    }
    if (keyword === 'RUN') {
      args.forEach((arg, i) => {
        const named = arg === '-w' || arg === '--workspace' ? args[i + 1] : /^--workspace=(.+)$/.exec(arg)?.[1];
        if (named && foreign(named)) problems.push(`line ${lineOf(instruction)}: installs or builds workspace ${named}`);
        if (arg === '--workspaces' || arg === '-ws') problems.push(`line ${lineOf(instruction)}: installs or builds every workspace`);
      });
    }
  }
  return problems;
}
