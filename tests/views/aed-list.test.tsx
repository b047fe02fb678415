import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ConfirmPopup } from 'primereact/confirmpopup';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import { IntlProvider } from '../../src/i18n/intl-provider';
import { aedListMachine } from '../../src/machines/aed-list/aed-list.machine';
import type { ListQuery } from '../../src/machines/aed-list/aed-list.types';
import { AedListActor } from '../../src/views/aed/aed-list-actor';
import { AedTable } from '../../src/views/aed/parts/aed-table';
import { FilterChips } from '../../src/views/aed/parts/filter-chips';
import { accountTree, aedItem, listPage } from '../machines/aed-list.fixtures';

/**
 * The AED table renders the machine's page with its badges and sends what the user does: a sort
 * asks the server's order, a filter chip removes its filter, a confirmed delete soft-deletes.
 */

function renderTable(queries: ListQuery[], deletes: string[]) {
  const page = listPage(2);
  page.list[0] = aedItem(1, { name: 'Mairie de Riom', vigilance: { battery: 'expired', pads: 'soon', childPads: 'none', alert: true, confirmation: 'over1Year' } });
  const logic = aedListMachine.provide({
    actors: {
      loadAccounts: fromPromise(async () => ({ ok: true as const, data: accountTree })),
      loadList: fromPromise(async ({ input }: { input: ListQuery }) => {
        queries.push(input);
        return { ok: true as const, data: page };
      }),
      softDelete: fromPromise(async ({ input }: { input: { udid: string } }) => {
        deletes.push(input.udid);
        return { ok: true as const, data: { udid: input.udid, idSite: 1 } };
      }),
    } as never,
  });
  return render(
    <MemoryRouter>
      <IntlProvider userLocale="en_US" directionSetting="ltr">
        <AedListActor.Provider logic={logic} options={{ input: { lang: 'en', filter: [{ type: 'TAG', tag: 'city', value: 'riom' }] } }}>
          <ConfirmPopup />
          <FilterChips />
          <AedTable selection={null} onSelection={() => undefined} accountName={() => 'SDIS 63'} />
        </AedListActor.Provider>
      </IntlProvider>
    </MemoryRouter>,
  );
}

afterEach(() => cleanup());

describe('AED table', () => {
  it('shows each AED with its confirmation age and vigilance alerts, and the entries of the page', async () => {
    renderTable([], []);
    const link = await screen.findByRole('link', { name: 'Mairie de Riom' });
    const row = link.closest('tr')!;
    expect(within(row).getByText('> 1 year')).toBeTruthy();
    expect(row.querySelector('[data-vigilance="battery-expired"]')?.textContent).toBe('Battery expired');
    expect(row.querySelector('[data-vigilance="pads-soon"]')?.textContent).toBe('Pads expire soon');
    expect(screen.getByTestId('aed-entries').textContent).toBe('Showing 1–2 of 52');
  });

  it('asks the server for the order chosen, and drops a filter from its chip', async () => {
    const queries: ListQuery[] = [];
    renderTable(queries, []);
    await screen.findByRole('link', { name: 'Mairie de Riom' });
    fireEvent.click(screen.getByText('Name'));
    await waitFor(() => expect(queries.at(-1)).toMatchObject({ order: 'name', orderSort: 'asc', page: 0 }));
    const chip = document.querySelector('[data-filter="TAG:city"]') as HTMLElement;
    expect(chip.textContent).toContain('City: riom');
    fireEvent.click(chip.querySelector('.p-chip-remove-icon')!);
    await waitFor(() => expect(queries.at(-1)?.filter).toEqual([]));
  });

  it('soft-deletes an AED once confirmed, and takes it off the page', async () => {
    const deletes: string[] = [];
    renderTable([], deletes);
    const link = await screen.findByRole('link', { name: 'Mairie de Riom' });
    fireEvent.click(within(link.closest('tr')!).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(document.querySelector('.p-confirm-popup-accept')).not.toBeNull());
    expect(deletes).toEqual([]);
    fireEvent.click(document.querySelector('.p-confirm-popup-accept')!);
    await waitFor(() => expect(deletes).toEqual([aedItem(1).udid]));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Mairie de Riom' })).toBeNull());
    expect(screen.getByTestId('aed-entries').textContent).toBe('Showing 1–1 of 51');
  });
});
