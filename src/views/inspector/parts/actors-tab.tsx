import { useState } from 'react';
import { useIntl } from '../../../i18n/intl-provider';
import type { InspectedActor } from '../../../services/inspection';
import { useNow } from '../../alert/parts/use-now';
import { ActorDetails } from './actor-details';
import { useInspectedActors } from './use-inspected-actors';

/** A state value on one line: `live.following`, `{ a: x, b: y }` for parallel states. */
export function stateText(value: unknown): string {
  if (value === undefined) return '—';
  if (typeof value === 'string') return value;
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length === 1) return `${entries[0][0]}.${stateText(entries[0][1])}`;
  return `{ ${entries.map(([key, sub]) => `${key}: ${stateText(sub)}`).join(', ')} }`;
}

const rootsFirst = (actors: InspectedActor[]) => actors.filter((actor) => actor.snapshot !== undefined);

/** The running actors of the app, one chosen at a time with its chart, events, context and times. */
export function ActorsTab() {
  const { t } = useIntl();
  const actors = rootsFirst(useInspectedActors());
  const now = useNow(1000);
  const [selected, setSelected] = useState<string | null>(null);
  const current = actors.find((actor) => actor.key === selected) ?? actors.find((actor) => actor.status === 'active');
  if (actors.length === 0) return <p>{t('inspector.actors.empty')}</p>;
  return (
    <div className="inspector-actors">
      <ul className="inspector-actors__list" aria-label={t('inspector.tab.actors')}>
        {actors.map((actor) => (
          <li key={actor.key}>
            <button
              type="button"
              className={`inspector-actor${actor === current ? ' is-selected' : ''}`}
              data-testid="inspector-actor"
              data-machine={actor.machineId}
              data-status={actor.status}
              aria-pressed={actor === current}
              onClick={() => setSelected(actor.key)}
            >
              <span className="inspector-actor__name">
                {actor.parentKey ? '↳ ' : ''}
                {actor.machineId}
                {actor.systemId ? ` (${actor.systemId})` : ''}
              </span>
              <span className="inspector-actor__state" data-testid="inspector-actor-state">
                {actor.status === 'active' ? stateText(actor.value) : actor.status}
              </span>
            </button>
          </li>
        ))}
      </ul>
      {current && <ActorDetails key={current.key} actor={current} now={now} />}
    </div>
  );
}
