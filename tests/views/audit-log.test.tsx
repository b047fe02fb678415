import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import { routeSetOf } from '../../contract/access';
import { auditActions } from '../../contract/audit.actions';
import { staffGroups } from '../../contract/groups';
import de from '../../src/i18n/messages/de.json';
import en from '../../src/i18n/messages/en.json';
import fr from '../../src/i18n/messages/fr.json';
import { IntlProvider } from '../../src/i18n/intl-provider';
import { auditLogMachine } from '../../src/machines/audit-log/audit-log.machine';
import type { AuditPageRequest } from '../../src/machines/audit-log/audit-log.types';
import { AuditLogActor } from '../../src/views/admin/audit-log-actor';
import { AuditFilters } from '../../src/views/admin/parts/audit-filters';
import { AuditTable } from '../../src/views/admin/parts/audit-table';
import { auditEntrySample, auditPageSample, auditSites, failure, ok } from '../machines/audit-log.fixtures';

/**
 * The audit log screen renders the machine's page (Paris time, who, account, translated action,
 * target, request) and each entry's details, and sends what the user does: a page, a typed target,
 * a retry after a failure.
 */

function renderAudit(answers: unknown[], requests: AuditPageRequest[] = []) {
  const logic = auditLogMachine.provide({
    actors: {
      loadSites: fromPromise(async () => ok(auditSites)),
      loadPage: fromPromise(async ({ input }: { input: AuditPageRequest }) => {
        requests.push(input);
        return (answers.length > 1 ? answers.shift() : answers[0]) as never;
      }),
    } as never,
  });
  render(
    <IntlProvider userLocale="en_US" directionSetting="ltr">
      <AuditLogActor.Provider logic={logic}>
        <AuditFilters />
        <AuditTable />
      </AuditLogActor.Provider>
    </IntlProvider>,
  );
  return requests;
}

const firstPage = () => {
  const page = auditPageSample(120);
  page.list[0] = auditEntrySample(120, { action: 'aed.reportProblem', siteId: 4, target: 'demo-5f2c', method: 'POST', url: '/services/backOffice/aed/reportProblem', details: { problem: 3, ids: [4, 5] } });
  return page;
};

afterEach(() => cleanup());

describe('audit log screen', () => {
  it('shows who did what and when: Paris time, user and group, account, action, target and request', async () => {
    renderAudit([ok(firstPage())]);
    const action = await screen.findByText('AED problem reported');
    const row = within(action.closest('tr')!);
    // 09:15:30 UTC on 20 November is 10:15:30 in Paris.
    expect(row.getByText('20/11/2026 10:15:30')).toBeTruthy();
    expect(row.getByText('operator@vigil.test')).toBeTruthy();
    expect(row.getByText('Operator · ID 2')).toBeTruthy();
    expect(row.getByText('Clermont Auvergne Métropole')).toBeTruthy();
    expect(row.getByText('demo-5f2c')).toBeTruthy();
    expect(row.getByText('POST')).toBeTruthy();
    expect(row.getByText('200')).toBeTruthy();
    expect(screen.getAllByText('Alert launched')).toHaveLength(49);
    expect(screen.getByTestId('audit-entries').textContent).toBe('Actions 1–50 of 120');
  });

  it('opens an entry on its details, key by key', async () => {
    renderAudit([ok(firstPage())]);
    const action = await screen.findByText('AED problem reported');
    fireEvent.click(action.closest('tr')!.querySelector('button[data-pc-section="rowtoggler"]')!);
    const details = await screen.findByTestId('audit-details');
    expect(within(details).getByText('Details of action 120')).toBeTruthy();
    expect(within(details).getByText('POST /services/backOffice/aed/reportProblem')).toBeTruthy();
    expect(details.querySelector('[data-detail="problem"]')?.textContent).toBe('3');
    expect(details.querySelector('[data-detail="ids"]')?.textContent).toBe('4, 5');
  });

  it('asks the next page, and page 1 again once a target is typed', async () => {
    const requests = renderAudit([ok(firstPage()), ok(auditPageSample(120, 2)), ok(auditPageSample(2))]);
    await screen.findByText('AED problem reported');
    fireEvent.click(document.querySelector('.p-paginator-next')!);
    await waitFor(() => expect(screen.getByTestId('audit-entries').textContent).toBe('Actions 51–100 of 120'));
    expect(requests.at(-1)!.page).toBe(2);
    fireEvent.change(screen.getByLabelText('Target'), { target: { value: 'demo-5f2c' } });
    await waitFor(() => expect(screen.getByTestId('audit-entries').textContent).toBe('Actions 1–2 of 2'));
    expect(requests.at(-1)).toMatchObject({ page: 1, filter: { target: 'demo-5f2c' } });
  });

  it('says when nothing matches, and when the log could not be loaded, with a retry', async () => {
    const requests = renderAudit([failure('error.network'), ok(auditPageSample(0))]);
    const problem = await screen.findByRole('alert');
    expect(problem.textContent).toContain('The audit log could not be loaded: ');
    fireEvent.click(within(problem).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No recorded action matches these filters.')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(requests).toHaveLength(2);
  });
});

describe('audit log access and labels', () => {
  it('is a screen of super administrators only', () => {
    expect(staffGroups.filter((idGroup) => routeSetOf(idGroup).screens.includes('auditLog'))).toEqual([1]);
  });

  it('names every audited action in English, French and German', () => {
    for (const catalogue of [en, fr, de] as Record<string, string>[]) {
      expect(auditActions.filter((action) => !catalogue[`audit.action.${action}`])).toEqual([]);
    }
  });
});
