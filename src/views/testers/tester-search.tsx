import { Button } from 'primereact/button';
import { IconField } from 'primereact/iconfield';
import { InputIcon } from 'primereact/inputicon';
import { InputText } from 'primereact/inputtext';
import { useIntl } from '../../i18n/intl-provider';
import { canToggle, hitsOf, isSearching, isSearchTooShort, pendingOf, searchOf } from '../../machines/testers/testers.selectors';
import type { TesterSearchHit } from '../../machines/testers/testers.types';
import { TestersActor } from './testers-actor';

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function HitLine({ hit }: { hit: TesterSearchHit }) {
  const { t } = useIntl();
  const testers = TestersActor.useActorRef();
  const mayToggle = TestersActor.useSelector((snapshot) => canToggle(snapshot, hit.udid));
  const pending = TestersActor.useSelector(pendingOf, sameJson);
  return (
    <li className="tester-hit" data-testid="tester-hit" data-udid={hit.udid}>
      <div className="notif-cell-stack">
        <strong>{hit.name}</strong>
        <small>
          {hit.phone} · {hit.email}
        </small>
        <small className="text-color-secondary">
          {hit.os} · {hit.buildVersion ? t('tester.search.build', { build: hit.buildVersion }) : null} · <code>{hit.udid}</code>
        </small>
      </div>
      <Button
        type="button"
        size="small"
        icon={hit.isTester ? 'pi pi-user-minus' : 'pi pi-user-plus'}
        label={hit.isTester ? t('tester.remove.action') : t('tester.add.action')}
        severity={hit.isTester ? 'danger' : undefined}
        outlined={hit.isTester}
        loading={pending?.udid === hit.udid}
        disabled={!mayToggle}
        data-testid={hit.isTester ? 'hit-remove' : 'hit-add'}
        onClick={() => testers.send({ type: 'tester.toggle', udid: hit.udid })}
      />
    </li>
  );
}

/** Responders' phones to add as testers: the server is asked only from 2 characters (spec §5). */
export function TesterSearch() {
  const { t } = useIntl();
  const testers = TestersActor.useActorRef();
  const text = TestersActor.useSelector(searchOf);
  const hits = TestersActor.useSelector(hitsOf, sameJson);
  const searching = TestersActor.useSelector(isSearching);
  const tooShort = TestersActor.useSelector(isSearchTooShort);
  return (
    <section className="community-card surface-card border-round-xl shadow-1 tester-search" aria-labelledby="tester-search-title">
      <h2 id="tester-search-title" className="notif-section__title">
        <i className="pi pi-user-plus" aria-hidden /> {t('tester.search.title')}
      </h2>
      <IconField iconPosition="left" className="w-full">
        <InputIcon className={searching ? 'pi pi-spin pi-spinner' : 'pi pi-search'} data-testid={searching ? 'tester-searching' : undefined} />
        <InputText
          id="tester-search"
          value={text}
          placeholder={t('tester.search.placeholder')}
          aria-describedby="tester-search-hint"
          className="w-full"
          onChange={(event) => testers.send({ type: 'search.change', text: event.target.value })}
        />
      </IconField>
      <small id="tester-search-hint" className={tooShort ? 'p-error' : 'notif-field__hint'} data-testid="tester-search-hint">
        {t('tester.search.hint')}
      </small>
      {hits.length ? (
        <ul className="tester-hits">
          {hits.map((hit) => (
            <HitLine key={hit.udid} hit={hit} />
          ))}
        </ul>
      ) : text.trim().length >= 2 && !searching ? (
        <p className="notif-side__note">{t('tester.search.none')}</p>
      ) : null}
    </section>
  );
}
