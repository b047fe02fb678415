import { fireEvent, render, screen } from '@testing-library/react';
import type { AuditFilter } from '../../../src/machines/audit-log/audit-log.types';
import type { auditLogMachine } from '../../../src/machines/audit-log/audit-log.machine';
import { IntlProvider } from '../../../src/i18n/intl-provider';
import { AuditLogScreen } from '../../../src/views/admin/audit-log-page';
import { AuditLogActor } from '../../../src/views/admin/audit-log-actor';
import { auditSites, ok } from '../../machines/audit-log.fixtures';
import { pathModel } from '../../machines/audit-log.samples';
import { currentApi } from './current-api';
import { englishOf } from './observe-dom';
import { describeScreenReplay } from './screen-replay';

/** The audit log chart replayed on its screen (/admin/audit): filters picked and typed, pages, refresh, a failed load. */

/** Opens the dropdown of a field by its label and picks the option with that text. */
async function pick(inputId: string, option: string): Promise<void> {
  fireEvent.click(document.getElementById(inputId)!.closest('.p-dropdown')!);
  fireEvent.click(await screen.findByRole('option', { name: option, hidden: true }));
}

/** A picked filter, field by field, as a person sets each one. */
async function change(changes: Partial<AuditFilter>): Promise<void> {
  for (const [field, value] of Object.entries(changes)) {
    if (field === 'action') await pick('audit-action', englishOf(`audit.action.${String(value)}`));
    else if (field === 'selectedSite') {
      // The account filter offers the accounts once they are listed: a person picks after that answer.
      currentApi().answer('account.getAccountList', ok(auditSites));
      await pick('audit-site', auditSites.find((site) => site.id === value)!.name);
    } else throw new Error(`the replay has no gesture for the ${field} filter`);
  }
}

describeScreenReplay<typeof auditLogMachine>({
  model: pathModel,
  render: (machine, clock) =>
    void render(
      <IntlProvider userLocale="en_US" directionSetting="ltr">
        <AuditLogActor.Provider logic={machine} options={{ clock }}>
          <AuditLogScreen />
        </AuditLogActor.Provider>
      </IntlProvider>,
    ),
  // The accounts are asked by the machine's root, whose invocation the chart names by its id.
  endpoints: { loadSites: 'account.getAccountList', '0.auditLog': 'account.getAccountList', loadPage: 'audit.getAuditLog' },
  gestures: {
    'filter.change': ({ changes }) => change(changes),
    'filter.type': ({ changes }) => {
      if (changes.target !== undefined) fireEvent.change(screen.getByLabelText(englishOf('audit.filter.target')), { target: { value: changes.target } });
      if (changes.userId !== undefined) fireEvent.change(screen.getByLabelText(englishOf('audit.filter.user')), { target: { value: changes.userId === null ? '' : String(changes.userId) } });
    },
    'page.change': ({ page }) => {
      const link = Array.from(document.querySelectorAll<HTMLElement>('.p-paginator-page')).find((element) => element.textContent === String(page));
      if (!link) throw new Error(`the paginator offers no page ${page}`);
      fireEvent.click(link);
    },
    'audit.refresh': () => fireEvent.click(screen.getByRole('button', { name: englishOf('audit.refresh') })),
  },
});
