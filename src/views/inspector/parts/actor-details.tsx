import { useMemo } from 'react';
import { formatDuration, StatechartDiagram } from '../../../components/statechart/statechart-diagram';
import { useIntl } from '../../../i18n/intl-provider';
import { machines } from '../../../machines/registry';
import type { InspectedActor } from '../../../services/inspection';
import { redact } from '../../../services/redaction';

const clock = (at: number) => {
  const date = new Date(at);
  return `${date.toLocaleTimeString('en-GB', { hour12: false })}.${String(date.getMilliseconds()).padStart(3, '0')}`;
};

/** One actor: its chart with the active states, the last events (newest first), its context and the time in each state. */
export function ActorDetails({ actor, now }: { actor: InspectedActor; now: number }) {
  const { t } = useIntl();
  const description = machines.find((entry) => entry.machine.id === actor.machineId)?.description;
  const lastEvent = actor.events.at(-1)?.type;
  const context = useMemo(() => JSON.stringify(redact(actor.snapshot?.context), null, 2), [actor.snapshot]);
  const prefix = `${actor.machine.id}.`;
  const times = Object.entries(actor.times)
    .filter(([id]) => id !== actor.machine.root.id)
    .map(([id, time]) => ({ id, label: id.startsWith(prefix) ? id.slice(prefix.length) : id, total: time.totalMs + (time.enteredAt !== undefined ? now - time.enteredAt : 0), visits: time.visits, active: time.enteredAt !== undefined }));
  return (
    <section className="inspector-details" data-testid="inspector-details" data-machine={actor.machineId}>
      {description && <p className="inspector-details__description">{description}</p>}
      <div className="inspector-chart">
        <StatechartDiagram machine={actor.machine} active={actor.active} lastEvent={lastEvent} times={actor.times} now={now} title={actor.machineId} testId="inspector-actor-chart" />
      </div>
      <div className="inspector-details__columns">
        <div>
          <h3>{t('inspector.events')}</h3>
          {actor.events.length === 0 && <p>{t('inspector.events.empty')}</p>}
          <ol className="inspector-events" reversed>
            {[...actor.events].reverse().map((event) => {
              const payload = Object.keys(event.payload).length > 0 ? JSON.stringify(redact(event.payload)) : '';
              return (
                <li key={event.seq} data-testid="inspector-event" data-type={event.type}>
                  <span className="inspector-events__time">{clock(event.at)}</span> <strong>{event.type}</strong>
                  {event.from && <span className="inspector-events__from"> {t('inspector.events.from', { source: event.from })}</span>}
                  {payload && <code className="inspector-events__payload">{payload}</code>}
                </li>
              );
            })}
          </ol>
        </div>
        <div>
          <h3>{t('inspector.times')}</h3>
          <table className="inspector-times">
            <thead>
              <tr>
                <th>{t('inspector.times.state')}</th>
                <th>{t('inspector.times.total')}</th>
                <th>{t('inspector.times.visits')}</th>
              </tr>
            </thead>
            <tbody>
              {times.map((time) => (
                <tr key={time.id} className={time.active ? 'is-active' : undefined} data-testid="inspector-time" data-state={time.label}>
                  <td>{time.label}</td>
                  <td>{formatDuration(time.total)}</td>
                  <td>{time.visits}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <h3>{t('inspector.context')}</h3>
          <pre className="inspector-context" data-testid="inspector-context">
            {context}
          </pre>
        </div>
      </div>
    </section>
  );
}
