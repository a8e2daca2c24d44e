// The answer to an action: an error interrupts (role=alert), a success is announced politely.
export interface Result {
  kind: 'error' | 'status';
  text: string;
}

export function ResultMessage({ result, id }: { result: Result | null; id?: string }) {
  if (!result) return null;
  return (
    <p id={id} role={result.kind === 'error' ? 'alert' : 'status'} className={result.kind === 'error' ? 'ops-error-text' : undefined}>
      {result.text}
    </p>
  );
}
