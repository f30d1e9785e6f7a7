import '../../../components/form/form.css';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { MEAL_TYPES, TRAVEL_MODES, type TravelMode } from '@app/contract/carbon';
import { CountryField } from '../../../components/form/CountryField.tsx';
import { Button } from '../../../components/ui/Button.tsx';
import { useRecordFootprint, EventCallError } from '../api.ts';
import { buildFootprintInputs, emptyDraft, MAX_JOURNEYS, MEAL_LABEL, MODE_LABEL, type FootprintDraft } from '../footprint-inputs.ts';
import { FootprintResult, type ShownFootprint } from './FootprintResult.tsx';

/**
 * An attendee's footprint for one event: journeys to and from it, hotel nights and meals, the
 * inputs of the event calculator for one person. Signed-in people record under their account;
 * visitors give an email. Sending again replaces the earlier result.
 */
export function FootprintForm({ conferanceCode, signedIn, existing }: { conferanceCode: string; signedIn: boolean; existing: ShownFootprint | null }) {
  const id = useId();
  const [draft, setDraft] = useState<FootprintDraft>(emptyDraft);
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [result, setResult] = useState<ShownFootprint | null>(null);
  // A visitor's footprint waits for their address to confirm it (issue 23 item 5): the address the link went to.
  const [pendingFor, setPendingFor] = useState<string | null>(null);
  const record = useRecordFootprint();
  const shown = result ?? existing;
  const resultRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // A fresh result appears under the button that made it; bring it into view (on a phone the form is long).
    if (result) resultRef.current?.scrollIntoView?.({ behavior: 'smooth', block: 'nearest' });
  }, [result]);

  const setJourney = (index: number, change: Partial<FootprintDraft['journeys'][number]>) =>
    setDraft((d) => ({ ...d, journeys: d.journeys.map((j, i) => (i === index ? { ...j, ...change } : j)) }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const built = buildFootprintInputs(draft);
    const found: Record<string, string> = { ...(built.errors ?? {}) };
    if (!signedIn && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim())) found.email = 'Enter your email address';
    setErrors(found);
    if (Object.keys(found).length > 0 || !built.inputs) return;
    try {
      const answer = await record.mutateAsync({ conferanceCode, inputs: built.inputs, ...(signedIn ? {} : { email: email.trim(), ...(name.trim() ? { name: name.trim() } : {}) }) });
      setResult({ totalKg: answer.data.totalKg, breakdown: answer.data.breakdown, updatedAt: answer.data.updatedAt });
      setPendingFor(answer.data.confirmed === false ? answer.data.email : null);
    } catch (error) {
      const failure = error instanceof EventCallError ? error.failure : null;
      const fields = Object.fromEntries(Object.entries(failure?.fields ?? {}).map(([key, messages]) => [key, messages[0] ?? '']));
      setErrors({ ...fields, form: (error as Error).message });
    }
  }

  const fieldError = (key: string) =>
    errors[key] ? (
      <span className="field__error" id={`${id}-${key}-error`} role="alert">
        {errors[key]}
      </span>
    ) : null;
  const described = (key: string) => (errors[key] ? { 'aria-invalid': true, 'aria-describedby': `${id}-${key}-error` } : {});

  return (
    <div className="ev-stack">
      {!result && existing && <FootprintResult footprint={existing} fresh={false} />}
      <form className="form ev-footprint-form" onSubmit={(event) => void submit(event)} noValidate aria-label="Record my footprint">
        {!signedIn && (
          <div className="form__row">
            <label className="field">
              <span className="field__label">Email *</span>
              <input className="field__input" type="email" autoComplete="email" value={email} maxLength={254} onChange={(e) => setEmail(e.target.value)} {...described('email')} />
              {fieldError('email')}
            </label>
            <label className="field">
              <span className="field__label">
                Name <span className="field__label-note">(optional)</span>
              </span>
              <input className="field__input" autoComplete="name" value={name} maxLength={120} onChange={(e) => setName(e.target.value)} />
            </label>
          </div>
        )}

        <fieldset className="ev-fieldset">
          <legend className="field__label">Travel to and from the event</legend>
          {draft.journeys.map((journey, i) => (
            <div className="ev-journey" key={i}>
              <label className="field">
                <span className="field__label">Journey {i + 1}: how</span>
                <select className="field__input" value={journey.mode} onChange={(e) => setJourney(i, { mode: e.target.value as TravelMode })}>
                  {TRAVEL_MODES.map((mode) => (
                    <option key={mode} value={mode}>
                      {MODE_LABEL[mode]}
                    </option>
                  ))}
                </select>
              </label>
              <label className="field">
                <span className="field__label">Journey {i + 1}: distance (km, one way)</span>
                <input className="field__input" inputMode="decimal" value={journey.distanceKm} onChange={(e) => setJourney(i, { distanceKm: e.target.value })} {...described(`journey.${i}`)} />
                {fieldError(`journey.${i}`)}
              </label>
              <label className="ev-check">
                <input type="checkbox" checked={journey.roundTrip} onChange={(e) => setJourney(i, { roundTrip: e.target.checked })} />
                Return journey
              </label>
            </div>
          ))}
          {draft.journeys.length < MAX_JOURNEYS && (
            <Button type="button" variant="ghost" size="sm" onClick={() => setDraft((d) => ({ ...d, journeys: [...d.journeys, { mode: 'car', distanceKm: '', roundTrip: true }] }))}>
              Add a journey
            </Button>
          )}
        </fieldset>

        <fieldset className="ev-fieldset">
          <legend className="field__label">Hotel</legend>
          <div className="form__row">
            <label className="field">
              <span className="field__label">Nights</span>
              <input className="field__input" inputMode="numeric" value={draft.hotelNights} onChange={(e) => setDraft((d) => ({ ...d, hotelNights: e.target.value }))} {...described('hotelNights')} />
              {fieldError('hotelNights')}
            </label>
            <CountryField id={`${id}-hotel-country`} label="Hotel country" value={draft.hotelCountry} onChange={(code) => setDraft((d) => ({ ...d, hotelCountry: code }))} error={errors.hotelCountry} />
          </div>
        </fieldset>

        <fieldset className="ev-fieldset">
          <legend className="field__label">Meals at the event</legend>
          <div className="ev-meals">
            {MEAL_TYPES.map((type) => (
              <label className="field" key={type}>
                <span className="field__label">{MEAL_LABEL[type]}</span>
                <input className="field__input" inputMode="numeric" value={draft.meals[type]} onChange={(e) => setDraft((d) => ({ ...d, meals: { ...d.meals, [type]: e.target.value } }))} {...described(`meal.${type}`)} />
                {fieldError(`meal.${type}`)}
              </label>
            ))}
          </div>
        </fieldset>

        {errors.form && (
          <p className="ev-alert" role="alert">
            {errors.form}
          </p>
        )}
        <div className="form__actions">
          <Button type="submit" loading={record.isPending}>
            {shown ? 'Update my footprint' : 'Record my footprint'}
          </Button>
          {shown && <span className="ev-muted">Sending again replaces your earlier result.</span>}
        </div>
      </form>
      {result && (
        <div ref={resultRef}>
          <FootprintResult footprint={result} fresh pendingFor={pendingFor} />
        </div>
      )}
    </div>
  );
}
