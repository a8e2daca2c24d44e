// One line of the pick list: picture, name, size, quantity, price, the shopper's substitution
// preference and what the store did with it. Replaced and unavailable lines are settled (their money
// went back), so only pending and found lines offer actions.
import { useId, useRef, useState } from 'react';
import { apiErrorMessage, Picture, formatCents, type OpsPickLine } from '@grocer/shared';
import { useOpsMarkLineMutation } from '../../lib/opsApi.ts';
import { OPS_TEXT } from '../../lib/opsText.ts';
import { ReplacePanel } from './ReplacePanel.tsx';

const PICTURE_SIZE = 56;

export function PickLine({ orderId, line, editable }: { orderId: string; line: OpsPickLine; editable: boolean }) {
  const nameId = useId();
  const [mark, { isLoading }] = useOpsMarkLineMutation();
  const [replacing, setReplacing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const t = OPS_TEXT.pick;
  const settled = line.state === 'REPLACED' || line.state === 'UNAVAILABLE';
  // A settled line loses its buttons: keyboard focus moves to the line instead of the page's start.
  const heading = useRef<HTMLHeadingElement>(null);

  const onMark = async (state: 'FOUND' | 'UNAVAILABLE' | 'REPLACED', replacementProductUuid?: string) => {
    setError(null);
    const answer = await mark({ orderId, lineId: line.lineId, state, replacementProductUuid });
    if ('error' in answer) return setError(apiErrorMessage(answer.error, OPS_TEXT.common.loadFailed));
    setReplacing(false);
    if (state !== 'FOUND') heading.current?.focus();
  };

  const refuses = line.substitution?.choice === 'NONE';

  return (
    <li className="card ops-card ops-pick-line" aria-labelledby={nameId}>
      <div className="ops-row">
        {line.image ? <Picture className="ops-picture" src={line.image} size={PICTURE_SIZE} /> : null}
        <div className="ops-grow">
          <h3 id={nameId} ref={heading} tabIndex={-1}>
            {line.name}
          </h3>
          <p className="ops-muted">
            {line.sizeLabel && `${t.size}: ${line.sizeLabel} · `}
            {formatCents(line.unitPriceCents)} {t.each}
          </p>
        </div>
        <p className="ops-pick-quantity">
          <span className="ops-muted">{t.quantity} </span>
          <strong>{line.quantity}</strong>
        </p>
        <span className={`ops-badge ops-state-${line.state.toLowerCase()}`}>{t.lineStates[line.state]}</span>
      </div>
      <p>
        <span className="ops-muted">{t.substitution}: </span>
        {line.substitution ? t.substitutionLabels[line.substitution.choice] : t.noPreference}
        {line.substitution?.substitute &&
          ` · ${line.substitution.substitute.name} (${formatCents(line.substitution.substitute.priceCents)})`}
      </p>
      {refuses && editable && !settled && <p className="ops-muted">{OPS_TEXT.replace.refused}</p>}
      {line.replacement && (
        <p>
          {t.replacedWith(line.replacement.name)} · {formatCents(line.replacement.unitPriceCents)} {t.each}
        </p>
      )}
      {editable && !settled && (
        <div className="ops-actions" role="group" aria-label={t.actionsFor(line.name)}>
          {line.state !== 'FOUND' && (
            <button type="button" className="btn btn-primary" disabled={isLoading} onClick={() => void onMark('FOUND')}>
              {t.found}
            </button>
          )}
          {/* "Don't replace" is the shopper's call: no Replace (the server refuses it too). */}
          {!refuses && (
            <button
              type="button"
              className="btn btn-outline"
              disabled={isLoading}
              aria-expanded={replacing}
              onClick={() => setReplacing((open) => !open)}
            >
              {t.replace}
            </button>
          )}
          <button type="button" className="btn btn-outline" disabled={isLoading} onClick={() => void onMark('UNAVAILABLE')}>
            {t.unavailable}
          </button>
        </div>
      )}
      {error && (
        <p role="alert" className="ops-error-text">
          {error}
        </p>
      )}
      {editable && !settled && replacing && !refuses && (
        <ReplacePanel orderId={orderId} line={line} busy={isLoading} onChoose={(productUuid) => void onMark('REPLACED', productUuid)} />
      )}
    </li>
  );
}
