import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { News } from '../../src/services/news.api';
import { toStoredUser, writeUser } from '../../src/services/storage';
import { AppProviders } from '../../src/views/app/app-providers';
import { NewsBanner } from '../../src/views/layout/news-banner';
import { userOf } from './render-app';

/**
 * The staff news banner shows only to the groups the news concerns: a link into Vigil must lead
 * to a screen of the user's group (contract/access.ts), so an AED editor is not told of the
 * notification screens they cannot open, and no bar is stacked above their screen for nothing.
 */

const served: { news: News | null } = { news: null };
vi.mock('../../src/services/news.api', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../src/services/news.api')>();
  return { ...actual, getNews: async () => ({ ok: true, data: served.news }) };
});

const pushNews: News = { title: 'New: push notifications', content: 'Send them from the Admin menu.', link: '/admin/notification/list', version: 7 };

function renderBannerFor(idGroup: number, news: News) {
  served.news = news;
  writeUser(toStoredUser(userOf({ idGroup })));
  render(
    <AppProviders>
      <MemoryRouter>
        <main>
          <NewsBanner />
          <h1>Screen</h1>
        </main>
      </MemoryRouter>
    </AppProviders>,
  );
}

beforeEach(() => localStorage.clear());
afterEach(() => cleanup());

describe('news banner', () => {
  it('shows news about the notification screens to a super administrator, with its link', async () => {
    renderBannerFor(1, pushNews);
    const banner = await screen.findByTestId('news-banner');
    expect(banner.textContent).toContain('New: push notifications');
    expect(screen.getByRole('link', { name: 'Learn more' }).getAttribute('href')).toBe('/admin/notification/list');
  });

  it('does not show it to an AED editor, who has no such screen, and keeps it new for later', async () => {
    renderBannerFor(9, pushNews);
    // The news was fetched and kept, still new: the banner had it and chose not to show it.
    await waitFor(() => expect(JSON.parse(localStorage.getItem('notification') ?? 'null')).toMatchObject({ version: 7, new: true }));
    // The machine kept it in the step that chose: React renders what it chose once its queued work is done.
    await act(async () => undefined);
    expect(screen.queryByTestId('news-banner')).toBeNull();
  });

  it('shows the AED editor news that leads to the AED register, and news without an in-app link', async () => {
    renderBannerFor(9, { ...pushNews, title: 'New: AED pictures', link: '/aed/list' });
    expect((await screen.findByTestId('news-banner')).textContent).toContain('New: AED pictures');
    cleanup();
    localStorage.clear();
    renderBannerFor(9, { ...pushNews, title: 'Maintenance tonight', link: null });
    expect((await screen.findByTestId('news-banner')).textContent).toContain('Maintenance tonight');
  });
});
