import { beforeEach, describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor, type SnapshotFrom } from 'xstate';
import { newsMachine } from '../../src/machines/news/news.machine';
import { mergeNews } from '../../src/machines/news/news.rules';
import { readStoredNews, writeStoredNews, type News } from '../../src/services/news.api';

/** The news banner (spec §3 "Local notification"): stored under the key `notification`, new while its version is above the stored one. */

const v1: News = { title: 'Welcome to Vigil', content: 'The back office.', link: null, version: 1 };
const v2: News = { title: 'New: push notifications', content: 'From the Admin menu.', link: '/admin/notification/list', version: 2 };

function start(answer: News | null | 'fail', lang = 'fr', idGroup = 1) {
  const asked: string[] = [];
  const machine = newsMachine.provide({
    actors: {
      loadNews: fromPromise(async ({ input }: { input: { lang: string } }) => {
        asked.push(input.lang);
        return { stored: readStoredNews(), fetched: answer === 'fail' ? { ok: false as const, key: 'error.network' } : { ok: true as const, data: answer } };
      }),
    },
  });
  return { actor: createActor(machine, { input: { lang, idGroup } }).start(), asked };
}

const settled = (snapshot: SnapshotFrom<typeof newsMachine>) => snapshot.matches('shown') || snapshot.matches('hidden');

beforeEach(() => writeStoredNews({ ...v1, version: 0, new: false }));

describe('news banner', () => {
  it('shows news whose version is above the stored one, stores it, and keeps it hidden once dismissed', async () => {
    const first = start(v2);
    await waitFor(first.actor, settled);
    expect(first.asked).toEqual(['fr']);
    expect(first.actor.getSnapshot().matches('shown')).toBe(true);
    expect(readStoredNews()).toEqual({ ...v2, new: true });
    // Not dismissed yet: still new on the next visit.
    const second = start(v2);
    await waitFor(second.actor, settled);
    expect(second.actor.getSnapshot().matches('shown')).toBe(true);
    second.actor.send({ type: 'news.dismiss' });
    expect(readStoredNews()).toEqual({ ...v2, new: false });
    const third = start(v2);
    await waitFor(third.actor, settled);
    expect(third.actor.getSnapshot().matches('hidden')).toBe(true);
  });

  it('shows news only to groups it concerns: an in-app link must lead to a screen of the group', async () => {
    // A referent (7) has no notification screen: the news stays new, unseen, for when it concerns them.
    const referent = start(v2, 'fr', 7);
    await waitFor(referent.actor, settled);
    expect(referent.actor.getSnapshot().matches('hidden')).toBe(true);
    expect(readStoredNews()).toEqual({ ...v2, new: true });
    const aedNews: News = { ...v2, version: 3, link: '/aed/form/update/abc?tab=2' };
    const aedManager = start(aedNews, 'fr', 8);
    await waitFor(aedManager.actor, settled);
    expect(aedManager.actor.getSnapshot().matches('shown')).toBe(true);
    const operator = start({ ...aedNews, version: 4, link: '/alert/history' }, 'fr', 5);
    await waitFor(operator.actor, settled);
    expect(operator.actor.getSnapshot().matches('hidden')).toBe(true);
    // No link, or a link out of Vigil: every group.
    for (const link of [null, 'https://example.org/release-notes']) {
      const anyone = start({ ...v2, version: 5, link }, 'fr', 9);
      await waitFor(anyone.actor, settled);
      expect(anyone.actor.getSnapshot().matches('shown')).toBe(true);
    }
  });

  it('an older or equal version is not new; a failed fetch keeps what is stored', () => {
    expect(mergeNews({ ...v2, new: false }, { ok: true, data: v1 })).toEqual({ ...v1, new: false });
    expect(mergeNews({ ...v2, new: true }, { ok: false, key: 'error.network' })).toEqual({ ...v2, new: true });
    expect(mergeNews(null, { ok: true, data: null })).toBeNull();
    expect(mergeNews({ ...v1, new: true }, { ok: true, data: null })).toEqual({ ...v1, new: false });
  });
});
