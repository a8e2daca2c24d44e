// For a remote's first screen (contracts/firstScreen.ts) and its tests: is what it draws the top of
// the page it stands for, and does it stay free of React and the store (it is built to run before
// the shared libraries load)?
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/** Left out of the comparison: ids (React's useId), what only assistive technology reads, what the picture adds (asPicture) and React Router's link marker. */
const UNCOMPARED = /^(id|tabindex|inert|selected|aria-.*|data-discover)$/;

/**
 * An element's markup in document order, one line for each element (tag, classes and other
 * attributes, a select's chosen value) and each run of text, indented by depth. The first screen is
 * the page's top when its outline is the start of the page's: what the page adds later comes after
 * all of it, so nothing drawn moves.
 */
export function markupOutline(root: Element): string[] {
  const lines: string[] = [];
  const visit = (element: Element, depth: number) => {
    const indent = '  '.repeat(depth);
    const attributes = [...element.attributes]
      .filter((attribute) => !UNCOMPARED.test(attribute.name))
      .map((attribute) => ` ${attribute.name}="${attribute.value}"`)
      .sort()
      .join('');
    const value = element instanceof HTMLSelectElement ? ` (value "${element.value}")` : '';
    lines.push(`${indent}<${element.localName}${attributes}>${value}`);
    let text = '';
    const flush = () => {
      if (text) lines.push(`${indent}  ${JSON.stringify(text)}`);
      text = '';
    };
    for (const child of element.childNodes) {
      // React writes a text and an expression beside it as two text nodes; the reader sees one.
      if (child.nodeType === child.TEXT_NODE) text += child.textContent ?? '';
      else if (child instanceof Element) {
        flush();
        visit(child, depth + 1);
      }
    }
    flush();
  };
  visit(root, 0);
  return lines;
}

/** Bare specifiers that must not be reached: React, the router, Redux, RTK Query, the shared index (all of them). */
const LIBRARIES = /^(react|react-dom|react-router|react-redux|@reduxjs\/toolkit|typebox)(\/|$)|^@grocer\/shared$/;

const SPECIFIERS = [
  // `import x from`, `import 'x'`, `export * from`; not `import type` nor `export type` (erased).
  /^\s*(?:import|export)\s+(?!type\b)(?:[^'";]*?\sfrom\s*)?['"]([^'"]+)['"]/gm,
  /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g,
];

/**
 * Every module `file` loads at run time, followed through relative imports and @grocer/* packages'
 * sources: the files reached and the packages' specifiers. `libraries` are those of them that would
 * bring React, the router or the store, and `components` the React components and stylesheets
 * reached (a first screen may load none of either).
 */
export function importGraph(file: string): { files: string[]; specifiers: string[]; libraries: string[]; components: string[] } {
  const files = new Set<string>();
  const specifiers = new Set<string>();
  const visit = (current: string) => {
    if (files.has(current)) return;
    files.add(current);
    if (!/\.[cm]?[jt]sx?$/.test(current)) return;
    const code = readFileSync(current, 'utf8');
    const found = SPECIFIERS.flatMap((pattern) => [...code.matchAll(pattern)].map(([, spec]) => spec!));
    for (const spec of found) {
      if (spec.startsWith('.')) {
        visit(path.resolve(path.dirname(current), spec));
        continue;
      }
      specifiers.add(spec);
      const resolved = createRequire(current).resolve(spec);
      // Our own packages' sources are followed; a library's built code is named by its specifier.
      if (!resolved.includes(`${path.sep}node_modules${path.sep}`)) visit(resolved);
    }
  };
  visit(path.resolve(file));
  return {
    files: [...files],
    specifiers: [...specifiers].sort(),
    libraries: [...specifiers].filter((spec) => LIBRARIES.test(spec)),
    components: [...files].filter((reached) => /\.(tsx|css)$/.test(reached)),
  };
}
