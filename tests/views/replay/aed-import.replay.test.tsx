import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { fromCallback } from 'xstate';
import { IntlProvider } from '../../../src/i18n/intl-provider';
import type { aedImportMachine } from '../../../src/machines/aed-import/aed-import.machine';
import { AedImportScreen } from '../../../src/views/aed/aed-import-page';
import { AedImportActor } from '../../../src/views/aed/import/aed-import-actor';
import { pathModel } from '../../machines/aed-import.samples';
import { englishOf } from './observe-dom';
import { describeScreenReplay } from './screen-replay';

/**
 * The AED import chart replayed on the import screen. The run's progress reaches the screen over
 * the socket (`progress.update`): it is sent to the screen's actor as the socket would.
 */

let send: ((event: never) => void) | undefined;
function Probe() {
  send = AedImportActor.useActorRef().send as never;
  return null;
}

const click = (key: string) => fireEvent.click(screen.getByRole('button', { name: englishOf(key) }));

describeScreenReplay<typeof aedImportMachine>({
  model: pathModel,
  render: (machine, clock) => {
    render(
      <IntlProvider userLocale="en_US" directionSetting="ltr">
        <MemoryRouter initialEntries={['/aed/import']}>
          <AedImportActor.Provider logic={machine} options={{ input: { idSite: 1, lang: 'en' }, clock }}>
            <Probe />
            <AedImportScreen />
          </AedImportActor.Provider>
        </MemoryRouter>
      </IntlProvider>,
    );
    return { send: (event) => send?.(event as never) };
  },
  provide: { actors: { watchProgress: fromCallback(() => () => undefined) } } as never,
  endpoints: {
    uploadFile: 'import.importFile',
    createImport: 'import.createImport',
    loadImport: 'import.getImport',
    saveMappings: 'import.saveMappings',
    startImport: 'import.startImport',
    pauseImport: 'import.pauseImport',
    resumeImport: 'import.resumeImport',
    loadRows: 'import.getRows',
    processRow: 'import.processRow',
    exportResults: 'import.exportResults',
    loadImports: 'import.getImports',
    loadAccounts: 'account.getAccountList',
    savePreset: 'import.savePreset',
  },
  gestures: {
    'file.choose': (event) => fireEvent.change(document.querySelector('input[type="file"]')!, { target: { files: [event.file] } }),
    'import.name': (event) => fireEvent.change(screen.getByLabelText(englishOf('aedImport.name')), { target: { value: event.name } }),
    'import.create': () => fireEvent.click(screen.getByTestId('import-next')),
    'mapping.submit': () => fireEvent.click(screen.getByTestId('import-process')),
    'mapping.ignoreUnproposed': () => fireEvent.click(screen.getByTestId('ignore-unproposed')),
    'mapping.preset': () => click('aedImport.mapping.preset'),
    'preset.save': () => fireEvent.click(screen.getByTestId('preset-save')),
    'step.back': () => click('aedImport.back'),
    'import.pause': () => click('aedImport.pause'),
    'import.resume': () => click('aedImport.resume'),
    'import.restart': () => click('aedImport.restart'),
    'import.new': () => click('aedImport.new'),
    'results.download': () => fireEvent.click(screen.getByTestId('import-download')),
  },
});
