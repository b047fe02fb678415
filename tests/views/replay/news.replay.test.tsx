import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { IntlProvider } from '../../../src/i18n/intl-provider';
import type { NewsLoaded } from '../../../src/machines/news/news.actors';
import type { newsMachine } from '../../../src/machines/news/news.machine';
import { writeStoredNews } from '../../../src/services/news.api';
import { News } from '../../../src/views/layout/news-banner';
import { pathModel } from '../../machines/news.samples';
import type { FakeAnswer } from './fake-api';
import { describeScreenReplay } from './screen-replay';

/**
 * The news banner's chart replayed on the banner (as the app frame shows it to a super
 * administrator, in English). A sampled load is what the browser kept under `notification` and
 * what the server answers: the copy is written before the answer is given.
 */

function newsFromServer(outcome: FakeAnswer): FakeAnswer {
  if (outcome === 'network') return outcome;
  const { stored, fetched } = outcome as unknown as NewsLoaded;
  if (stored) writeStoredNews(stored);
  return fetched;
}

describeScreenReplay<typeof newsMachine>({
  model: pathModel,
  render: (machine) =>
    void render(
      <IntlProvider userLocale="en_US" directionSetting="ltr">
        <MemoryRouter>
          <News lang={pathModel.input!.lang} idGroup={pathModel.input!.idGroup} logic={machine} />
        </MemoryRouter>
      </IntlProvider>,
    ),
  endpoints: { loadNews: 'news.getNews' },
  toServer: { loadNews: newsFromServer },
  gestures: { 'news.dismiss': () => fireEvent.click(screen.getByTestId('news-dismiss')) },
});
