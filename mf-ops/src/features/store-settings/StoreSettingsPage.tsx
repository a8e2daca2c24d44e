// /admin/settings: a store's opening hours per weekday, minimum order and delivery radius. Checked
// here with the API's bounds so staff see every problem at once; the API checks the same again.
import { useId, useState, type FormEvent } from 'react';
import { apiErrorMessage, type OpsStore, type OpsStoreSettings } from '@grocer/shared';
import { OpsLayout } from '../../components/OpsLayout.tsx';
import { LoadError, Loading } from '../../components/PageState.tsx';
import { StorePicker } from '../../components/StorePicker.tsx';
import { useOpsSaveSettingsMutation, useOpsSettingsQuery } from '../../lib/opsApi.ts';
import { useStoreChoice } from '../../lib/opsScope.ts';
import { OPS_TEXT } from '../../lib/opsText.ts';
import { formOf, settingsOf, WEEKDAYS, type DayForm, type SettingsForm } from './settingsForm.ts';

export default function StoreSettingsPage() {
  return (
    <OpsLayout title={OPS_TEXT.settings.title}>
      <StoreSettings />
    </OpsLayout>
  );
}

function StoreSettings() {
  const choice = useStoreChoice();
  if (choice.error) return <LoadError error={choice.error} onRetry={choice.refetch} />;
  if (!choice.store) return <Loading />;
  return (
    <>
      <div className="card ops-card ops-filters">
        <StorePicker choice={choice} />
      </div>
      <SettingsLoader key={choice.store.uuid} store={choice.store} />
    </>
  );
}

function SettingsLoader({ store }: { store: OpsStore }) {
  const { data, error, refetch } = useOpsSettingsQuery(store.uuid, { refetchOnMountOrArgChange: true });
  if (data) return <SettingsEditor store={store} settings={data} />;
  if (error) return <LoadError error={error} onRetry={() => void refetch()} />;
  return <Loading />;
}

function SettingsEditor({ store, settings }: { store: OpsStore; settings: OpsStoreSettings }) {
  const hoursId = useId();
  const minOrderId = useId();
  const radiusId = useId();
  const capacityId = useId();
  const thresholdId = useId();
  const [form, setForm] = useState<SettingsForm>(() => formOf(settings));
  const [errors, setErrors] = useState<string[]>([]);
  const [save, { isLoading, isSuccess, reset }] = useOpsSaveSettingsMutation();
  const t = OPS_TEXT.settings;

  const setDay = (weekday: number, change: Partial<DayForm>) => {
    reset();
    setForm((current) => ({ ...current, days: current.days.map((day, i) => (i === weekday ? { ...day, ...change } : day)) }));
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const result = settingsOf(form, settings);
    if (!result.ok) return setErrors(result.errors);
    setErrors([]);
    const answer = await save({ storeUuid: store.uuid, settings: result.settings });
    if ('error' in answer) setErrors([apiErrorMessage(answer.error, OPS_TEXT.common.loadFailed)]);
    else setForm(formOf(answer.data));
  };

  return (
    <form className="card ops-card" onSubmit={(event) => void onSubmit(event)} noValidate>
      <fieldset className="ops-fieldset" aria-describedby={hoursId}>
        <legend>{t.hours}</legend>
        <p id={hoursId} className="ops-muted">
          {t.timeZone(settings.timeZone)}
        </p>
        {form.days.map((day, weekday) => {
          const name = WEEKDAYS[weekday]!;
          return (
            <div key={name} className="ops-row ops-day" role="group" aria-label={name}>
              <label className="ops-check ops-day-name">
                <input type="checkbox" checked={day.open} onChange={(event) => setDay(weekday, { open: event.target.checked })} />
                {t.openOn(name)}
              </label>
              {day.open ? (
                <>
                  <label className="ops-field">
                    {t.opens}
                    <input type="time" value={day.opens} onChange={(event) => setDay(weekday, { opens: event.target.value })} />
                  </label>
                  <label className="ops-field">
                    {t.closes}
                    <input type="time" value={day.closes} onChange={(event) => setDay(weekday, { closes: event.target.value })} />
                  </label>
                </>
              ) : (
                <span className="ops-muted">{t.closed}</span>
              )}
            </div>
          );
        })}
      </fieldset>
      <div className="ops-row">
        <div className="ops-field">
          <label htmlFor={minOrderId}>{t.minimumOrder}</label>
          <input
            id={minOrderId}
            inputMode="decimal"
            value={form.minOrder}
            onChange={(event) => (reset(), setForm({ ...form, minOrder: event.target.value }))}
          />
        </div>
        <div className="ops-field">
          <label htmlFor={radiusId}>{t.deliveryRadius}</label>
          <input
            id={radiusId}
            inputMode="numeric"
            value={form.radius}
            onChange={(event) => (reset(), setForm({ ...form, radius: event.target.value }))}
          />
        </div>
        <div className="ops-field">
          <label htmlFor={capacityId}>{t.windowCapacity}</label>
          <input
            id={capacityId}
            inputMode="numeric"
            value={form.capacity}
            onChange={(event) => (reset(), setForm({ ...form, capacity: event.target.value }))}
          />
        </div>
        <div className="ops-field">
          <label htmlFor={thresholdId}>{t.lowStockThreshold}</label>
          <input
            id={thresholdId}
            inputMode="numeric"
            value={form.threshold}
            onChange={(event) => (reset(), setForm({ ...form, threshold: event.target.value }))}
          />
        </div>
      </div>
      {errors.length > 0 && (
        <ul role="alert" className="ops-error-text">
          {errors.map((error) => (
            <li key={error}>{error}</li>
          ))}
        </ul>
      )}
      {isSuccess && <p role="status">{t.saved}</p>}
      <div className="ops-actions">
        <button type="submit" className="btn btn-primary" disabled={isLoading}>
          {isLoading ? OPS_TEXT.common.saving : OPS_TEXT.common.save}
        </button>
      </div>
    </form>
  );
}
