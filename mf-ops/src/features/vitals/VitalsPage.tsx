// /admin/vitals (admins): how fast the shop is for shoppers, as their browsers measured it. The shell
// reports a sampled share of page loads (shell/src/app/vitals.ts); GET /admin/vitals gives the 75th
// percentile per route pattern and metric, which is the figure Google's own field data rates.
// One table, a group of rows per route, so it reads down a phone's width instead of across it.
import { useId } from 'react';
import type { RouteVital, VitalName } from '@grocer/shared';
import { OpsLayout } from '../../components/OpsLayout.tsx';
import { LoadError, Loading } from '../../components/PageState.tsx';
import { useOpsVitalsQuery } from '../../lib/opsApi.ts';
import { useOpsScope } from '../../lib/opsScope.ts';
import { OPS_TEXT } from '../../lib/opsText.ts';
import { formatVital, rateVital } from './vitalRating.ts';
import './vitals.css';

/** The dashboard's window: a day of traffic, long enough for a p75, short enough to show a release's effect. */
const VITALS_HOURS = 24;
/** In web.dev's order: the three Core Web Vitals, then the two that help explain a slow LCP. */
const METRICS: readonly VitalName[] = ['LCP', 'INP', 'CLS', 'FCP', 'TTFB'];
const t = OPS_TEXT.vitals;

export default function VitalsPage() {
  return (
    <OpsLayout title={t.title}>
      <Vitals />
    </OpsLayout>
  );
}

function Vitals() {
  const isAdmin = useOpsScope().kind === 'admin';
  // Store staff reach this page only through a typed URL; the API would refuse them anyway.
  const { data, error, isFetching, refetch } = useOpsVitalsQuery({ hours: VITALS_HOURS }, { skip: !isAdmin });
  const headingId = useId();
  if (!isAdmin) return <p role="alert">{t.adminsOnly}</p>;
  if (error && !data) return <LoadError error={error} onRetry={() => void refetch()} />;
  if (!data) return <Loading />;
  const routes = byRoute(data.vitals);
  return (
    <section className="card ops-card ops-vitals" aria-labelledby={headingId}>
      <h2 id={headingId} className="visually-hidden">
        {t.caption(data.hours)}
      </h2>
      <p>{t.intro(data.hours)}</p>
      <div className="ops-actions">
        <button type="button" className="btn btn-outline" disabled={isFetching} onClick={() => void refetch()}>
          {t.refresh}
        </button>
      </div>
      {error && <LoadError error={error} onRetry={() => void refetch()} />}
      {routes.length === 0 ? (
        <p>{t.empty(data.hours)}</p>
      ) : (
        <table className="ops-table">
          <caption>{t.caption(data.hours)}</caption>
          <thead>
            <tr>
              <th scope="col">{t.metric}</th>
              <th scope="col">{t.p75}</th>
              <th scope="col">{t.samples}</th>
            </tr>
          </thead>
          {routes.map(([route, figures]) => (
            <tbody key={route}>
              <tr>
                <th scope="rowgroup" colSpan={3} className="ops-vitals-route">
                  {route}
                </th>
              </tr>
              {METRICS.map((name) => (
                <MetricRow key={name} name={name} figure={figures.get(name)} />
              ))}
            </tbody>
          ))}
        </table>
      )}
    </section>
  );
}

function MetricRow({ name, figure }: { name: VitalName; figure: RouteVital | undefined }) {
  const rating = figure && rateVital(name, figure.p75);
  return (
    <tr>
      <th scope="row">
        <abbr title={t.names[name]}>{name}</abbr>
      </th>
      {figure && rating ? (
        // The rating beside its figure rather than in a column of its own: three columns fit a phone.
        <td className="ops-vitals-figure">
          <span className="ops-vitals-value">{formatVital(name, figure.p75)}</span>{' '}
          <span className={`ops-badge ops-vital-${rating}`}>{t.ratings[rating]}</span>
        </td>
      ) : (
        <td className="ops-muted">{t.noFigure}</td>
      )}
      <td>{figure?.count ?? 0}</td>
    </tr>
  );
}

/** The API's rows (by route, then metric) as one entry per route, in the API's order. */
function byRoute(vitals: readonly RouteVital[]): [string, Map<VitalName, RouteVital>][] {
  const routes = new Map<string, Map<VitalName, RouteVital>>();
  for (const figure of vitals) {
    const figures = routes.get(figure.route) ?? new Map<VitalName, RouteVital>();
    figures.set(figure.name, figure);
    routes.set(figure.route, figures);
  }
  return [...routes];
}
