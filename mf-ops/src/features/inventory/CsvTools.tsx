// CSV out and in. Export saves the store's inventory as a file (fetched with the staff member's token,
// so it cannot be a plain link). Import sends the chosen file's bytes as they are: the API refuses what is
// not UTF-8 with a clear message, previews the rows that change, the unchanged ones and the row errors by
// line, and applies the same file in one transaction only when staff confirm a preview without errors.
import { useId, useRef, useState } from 'react';
import { apiErrorMessage, type OpsInventoryImportResult } from '@grocer/shared';
import { ResultMessage, type Result } from '../../components/ResultMessage.tsx';
import { useLazyOpsInventoryCsvQuery, useOpsImportMutation, useOpsImportPreviewMutation } from '../../lib/opsApi.ts';
import { OPS_TEXT } from '../../lib/opsText.ts';
import { ChangesTable } from './ChangesTable.tsx';

function saveAs(fileName: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has its own copy once click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** The file's bytes (FileReader, which every browser and the test DOM have). */
function readBytes(file: Blob): Promise<ArrayBuffer> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsArrayBuffer(file);
  });
}

export function CsvTools({ storeUuid, storePublicId }: { storeUuid: string; storePublicId: string }) {
  const t = OPS_TEXT.inventory.csv;
  const fileId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [exportCsv, exporting] = useLazyOpsInventoryCsvQuery();
  const [previewImport, previewing] = useOpsImportPreviewMutation();
  const [applyImport, applying] = useOpsImportMutation();
  // The file's bytes as read when chosen: the preview and the import send exactly the same ones.
  const [chosen, setChosen] = useState<{ file: ArrayBuffer; result: OpsInventoryImportResult } | null>(null);
  const [message, setMessage] = useState<Result | null>(null);
  const failed = (error: unknown) => setMessage({ kind: 'error', text: apiErrorMessage(error, OPS_TEXT.common.loadFailed) });

  const onExport = async () => {
    if (exporting.isFetching) return;
    setMessage(null);
    const answer = await exportCsv(storeUuid);
    if (answer.error || answer.data === undefined) return failed(answer.error);
    const fileName = `${storePublicId}-inventory.csv`;
    saveAs(fileName, answer.data);
    setMessage({ kind: 'status', text: t.exported(fileName) });
  };

  const onFile = async (file: File | undefined) => {
    setChosen(null);
    setMessage(null);
    if (!file) return;
    let bytes: ArrayBuffer;
    try {
      bytes = await readBytes(file);
    } catch (err) {
      return setMessage({ kind: 'error', text: err instanceof Error ? err.message : OPS_TEXT.common.loadFailed });
    }
    const answer = await previewImport({ storeUuid, file: bytes });
    if ('error' in answer) return failed(answer.error);
    setChosen({ file: bytes, result: answer.data });
  };

  const reset = () => {
    setChosen(null);
    if (input.current) input.current.value = '';
  };

  const onApply = async () => {
    if (!chosen || applying.isLoading) return;
    const answer = await applyImport({ storeUuid, file: chosen.file });
    if ('error' in answer) return failed(answer.error);
    reset();
    setMessage({ kind: 'status', text: t.applied(answer.data.changed.length) });
  };

  const result = chosen?.result;
  return (
    <section className="card ops-card inv-panel" aria-label={t.title}>
      <h2>{t.title}</h2>
      <p className="ops-muted">{t.intro}</p>
      <div className="ops-row">
        <button type="button" className="btn btn-outline" onClick={() => void onExport()}>
          {t.export}
        </button>
        <div className="ops-field">
          <label htmlFor={fileId}>{t.import}</label>
          <input ref={input} id={fileId} type="file" accept=".csv,text/csv" onChange={(event) => void onFile(event.target.files?.[0])} />
        </div>
      </div>
      {previewing.isLoading && <p role="status">{t.previewing}</p>}
      {result && (
        <>
          <p role="status">{t.summary(result.changed.length, result.unchanged, result.errors.length)}</p>
          {result.errors.length > 0 && (
            <>
              <h3>{t.errorsTitle}</h3>
              <ul className="inv-errors">
                {result.errors.map((e) => (
                  <li key={`${e.line}:${e.message}`}>{t.errorLine(e.line, e.message)}</li>
                ))}
              </ul>
            </>
          )}
          {result.changed.length > 0 && (
            <>
              <h3>{t.changesTitle}</h3>
              <ChangesTable caption={t.changesTitle} changes={result.changed} />
            </>
          )}
          {result.changed.length === 0 && result.errors.length === 0 && <p>{t.nothing}</p>}
          <div className="ops-actions">
            {result.errors.length === 0 && result.changed.length > 0 && (
              <button type="button" className="btn btn-primary" onClick={() => void onApply()}>
                {t.apply}
              </button>
            )}
            <button type="button" className="btn btn-outline" onClick={reset}>
              {OPS_TEXT.common.cancel}
            </button>
          </div>
        </>
      )}
      <ResultMessage result={message} />
    </section>
  );
}
