// What a bulk action or a CSV import would change (or changed), product by product: now → becomes.
import { formatCents, type OpsInventoryChange } from '@grocer/shared';
import { OPS_TEXT } from '../../lib/opsText.ts';

const valuesText = (v: OpsInventoryChange['before']) =>
  OPS_TEXT.inventory.change.values(formatCents(v.priceCents), v.stockQuantity, v.isActive);

export function ChangesTable({ caption, changes }: { caption: string; changes: (OpsInventoryChange & { line?: number })[] }) {
  const t = OPS_TEXT.inventory;
  const withLines = changes.some((c) => c.line !== undefined);
  return (
    <div className="inv-scroll" role="region" aria-label={caption} tabIndex={0}>
      <table className="inv-table inv-changes">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {withLines && <th scope="col">{t.csv.line}</th>}
            <th scope="col">{t.product}</th>
            <th scope="col">{t.change.before}</th>
            <th scope="col">{t.change.after}</th>
          </tr>
        </thead>
        <tbody>
          {changes.map((c) => (
            <tr key={c.productUuid}>
              {withLines && <td>{c.line}</td>}
              <th scope="row">{c.name}</th>
              <td>{valuesText(c.before)}</td>
              <td>
                {valuesText(c.after)}
                {c.error && (
                  <>
                    {' '}
                    <span className="ops-error-text">{c.error}</span>
                  </>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
