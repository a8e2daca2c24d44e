// One action on the selected products: set their count, mark them unavailable (not sold), or change
// their price by a percentage. The API answers a preview first (what each becomes, and any new price
// out of bounds); only then can it be applied, in one transaction on the server.
import { useId, useState, type FormEvent } from 'react';
import { apiErrorMessage, type OpsInventoryBulkPayload, type OpsInventoryBulkResult } from '@grocer/shared';
import { ResultMessage, type Result } from '../../components/ResultMessage.tsx';
import { useOpsBulkProductsMutation } from '../../lib/opsApi.ts';
import { OPS_TEXT } from '../../lib/opsText.ts';
import { ChangesTable } from './ChangesTable.tsx';
import { parsePercentInput, parseStockInput } from './stockInput.ts';

type Action = OpsInventoryBulkPayload['action'];
const ACTIONS: Action[] = ['SET_STOCK', 'DEACTIVATE', 'PRICE_PERCENT'];

export function BulkActions({
  storeUuid,
  productUuids,
  onApplied,
  onClear,
}: {
  storeUuid: string;
  productUuids: string[];
  /** After applying: the page says what changed (this panel goes with the selection). */
  onApplied: (text: string) => void;
  onClear: () => void;
}) {
  const t = OPS_TEXT.inventory.bulk;
  const actionId = useId();
  const valueId = useId();
  const [action, setAction] = useState<Action>('SET_STOCK');
  const [value, setValue] = useState('');
  const [preview, setPreview] = useState<{ payload: OpsInventoryBulkPayload; result: OpsInventoryBulkResult } | null>(null);
  const [message, setMessage] = useState<Result | null>(null);
  const [bulk, { isLoading }] = useOpsBulkProductsMutation();

  /** The payload for what is typed, or null after saying why not. */
  const payloadOf = (): OpsInventoryBulkPayload | null => {
    if (action === 'DEACTIVATE') return { productUuids, action };
    if (action === 'SET_STOCK') {
      const count = parseStockInput(value);
      if (count === null) return (setMessage({ kind: 'error', text: OPS_TEXT.inventory.stockInvalid }), null);
      return { productUuids, action, stockQuantity: count };
    }
    const percent = parsePercentInput(value);
    if (percent === null) return (setMessage({ kind: 'error', text: t.percentInvalid }), null);
    return { productUuids, action, percent };
  };

  const onPreview = async (event: FormEvent) => {
    event.preventDefault();
    if (isLoading) return;
    setMessage(null);
    setPreview(null);
    const payload = payloadOf();
    if (!payload) return;
    const answer = await bulk({ storeUuid, ...payload, preview: true });
    if ('error' in answer) return setMessage({ kind: 'error', text: apiErrorMessage(answer.error, OPS_TEXT.common.loadFailed) });
    setPreview({ payload, result: answer.data });
  };

  const onApply = async () => {
    if (!preview || isLoading) return;
    const answer = await bulk({ storeUuid, ...preview.payload });
    if ('error' in answer) return setMessage({ kind: 'error', text: apiErrorMessage(answer.error, OPS_TEXT.common.loadFailed) });
    onApplied(t.applied(answer.data.changes.length));
  };

  const refused = preview?.result.changes.some((c) => c.error) ?? false;
  return (
    <section className="card ops-card inv-panel" aria-label={t.title}>
      <h2>{t.title}</h2>
      <p>{t.selected(productUuids.length)}</p>
      <form className="ops-row" onSubmit={(e) => void onPreview(e)} noValidate>
        <div className="ops-field">
          <label htmlFor={actionId}>{t.action}</label>
          <select
            id={actionId}
            value={action}
            onChange={(event) => (setAction(event.target.value as Action), setPreview(null), setMessage(null))}
          >
            {ACTIONS.map((a) => (
              <option key={a} value={a}>
                {t.actions[a]}
              </option>
            ))}
          </select>
        </div>
        {action !== 'DEACTIVATE' && (
          <div className="ops-field">
            <label htmlFor={valueId}>{action === 'SET_STOCK' ? t.count : t.percent}</label>
            <input
              id={valueId}
              inputMode={action === 'SET_STOCK' ? 'numeric' : 'decimal'}
              value={value}
              size={8}
              onChange={(event) => (setValue(event.target.value), setPreview(null))}
            />
          </div>
        )}
        <button type="submit" className="btn btn-outline">
          {t.preview}
        </button>
        <button type="button" className="btn btn-outline" onClick={onClear}>
          {t.clear}
        </button>
      </form>
      {preview && (
        <>
          <h3>{t.previewTitle}</h3>
          <ChangesTable caption={t.previewTitle} changes={preview.result.changes} />
          {!refused && (
            <div className="ops-actions">
              <button type="button" className="btn btn-primary" onClick={() => void onApply()}>
                {t.apply(preview.result.changes.length)}
              </button>
              <button type="button" className="btn btn-outline" onClick={() => setPreview(null)}>
                {OPS_TEXT.common.cancel}
              </button>
            </div>
          )}
        </>
      )}
      <ResultMessage result={message} />
    </section>
  );
}
