// What a remote's first screen (contracts/firstScreen.ts) draws with: elements from the document's
// own DOM calls, text always as text (never markup from an answer), and the picture the shell shows
// until the page's React replaces it. No React and no store: the module runs before they load.

export type Child = Node | string;

/** `element('p', { class: 'note' }, 'text', child)`: an element with attributes and children. */
export type ElementMaker = (tag: string, attributes: Readonly<Record<string, string>> | null, ...children: Child[]) => HTMLElement;

export function elementMaker(doc: Document): ElementMaker {
  return (tag, attributes, ...children) => {
    const node = doc.createElement(tag);
    for (const [name, value] of Object.entries(attributes ?? {})) node.setAttribute(name, value);
    node.append(...children);
    return node;
  };
}

/**
 * A picture of what React renders next, read from the page itself once it is there: hidden from
 * assistive technology, and its controls out of the tab order and inert.
 */
export function asPicture(content: HTMLElement): HTMLElement {
  content.setAttribute('aria-hidden', 'true');
  content.setAttribute('inert', '');
  for (const control of content.querySelectorAll('a, button, input, select')) control.setAttribute('tabindex', '-1');
  return content;
}
