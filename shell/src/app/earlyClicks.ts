// A page the server rendered shows its buttons before React listens to them: its scripts are still on
// their way. A click on one then did nothing and was lost (the shopper taps Add to Cart on a slow phone
// and nothing is added). The entry keeps those clicks from its start, and hydrate.tsx gives them to
// React once it listens: React hydrates the clicked part first and answers each click in order. A link,
// or a button that submits its form, works without script and goes its own way.
// No imports: the entry runs this before the shared libraries load.

let kept: HTMLButtonElement[] | null = null;

/** A button that does nothing until the page's script answers it. */
const waitsForScript = (button: HTMLButtonElement) => button.type !== 'submit' || button.form === null;

function keep(event: MouseEvent) {
  const button = (event.target as Element | null)?.closest?.('button');
  if (!kept || !button || !waitsForScript(button)) return;
  event.preventDefault();
  event.stopPropagation();
  kept.push(button);
}

/** From now until replayEarlyClicks, clicks on the page's script-driven buttons are kept. */
export function keepEarlyClicks(doc: Document = document): void {
  kept = [];
  doc.addEventListener('click', keep, true);
}

/** Stops keeping clicks and clicks again, in order, each kept button still on the page. */
export function replayEarlyClicks(doc: Document = document): void {
  doc.removeEventListener('click', keep, true);
  const clicks = kept ?? [];
  kept = null;
  for (const button of clicks) if (button.isConnected) button.click();
}
