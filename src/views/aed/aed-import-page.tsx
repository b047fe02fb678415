import './aed.css';
import { Message } from 'primereact/message';
import { Steps } from 'primereact/steps';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useIntl } from '../../i18n/intl-provider';
import { aedImportMachine } from '../../machines/aed-import/aed-import.machine';
import { errorKeyOf, isOpening, runOf, stepOf } from '../../machines/aed-import/aed-import.selectors';
import { userOf } from '../../machines/session/session.selectors';
import { saveFile } from '../../services/aed.api';
import { SessionActor } from '../app/actor-contexts';
import { langOf } from './parts/aed-format';
import { AedImportActor } from './import/aed-import-actor';
import { ImportStep } from './import/import-step';
import { MappingStep } from './import/mapping-step';
import { ProcessingStep } from './import/processing-step';

/** The import machine with the browser's file save. */
const machine = aedImportMachine.provide({
  actions: {
    saveFile: ({ context, event }) => {
      const output = (event as unknown as { output: { ok: true; data: Blob } }).output;
      saveFile(output.data, `${context.run?.name ?? 'import'}-results.xlsx`);
    },
  },
});

/** AED import (spec §2, steps Import, Mapping, Processing) for the signed-in account; ?idImport= reopens a stored run. */
export default function AedImportPage() {
  const { locale } = useIntl();
  const user = SessionActor.useSelector(userOf);
  return (
    <AedImportActor.Provider logic={machine} options={{ input: { idSite: user?.siteId ?? 0, lang: langOf(locale) } }}>
      <AedImportScreen />
    </AedImportActor.Provider>
  );
}

/** The three steps of the import screen, inside an AedImportActor provider and a router. */
export function AedImportScreen() {
  const { t } = useIntl();
  const actor = AedImportActor.useActorRef();
  const step = AedImportActor.useSelector(stepOf);
  const run = AedImportActor.useSelector(runOf);
  const opening = AedImportActor.useSelector(isOpening);
  const errorKey = AedImportActor.useSelector(errorKeyOf);
  const [params, setParams] = useSearchParams();
  useEffect(() => {
    const id = Number(params.get('idImport'));
    if (Number.isInteger(id) && id > 0) actor.send({ type: 'import.open', idImport: id });
    // Only on arrival: afterwards the machine leads and the address follows.
  }, []);
  useEffect(() => {
    const wanted = run ? String(run.idImport) : null;
    if (!opening && params.get('idImport') !== wanted) setParams(wanted ? { idImport: wanted } : {}, { replace: true });
  }, [run?.idImport, opening]);
  const items = [{ label: t('aedImport.step.import') }, { label: t('aedImport.step.mapping') }, { label: t('aedImport.step.processing') }];
  return (
    <div className="card flex flex-column gap-3">
      <h2 className="m-0">{t('aedImport.title')}</h2>
      <Steps model={items} activeIndex={step} readOnly />
      {errorKey && <Message severity="error" text={t(errorKey)} data-testid="import-error" data-key={errorKey} />}
      {opening ? <p>{t('aedImport.opening')}</p> : step === 0 ? <ImportStep /> : step === 1 ? <MappingStep /> : <ProcessingStep />}
    </div>
  );
}
