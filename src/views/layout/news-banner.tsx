import './news-banner.css';
import { useActorRef, useSelector } from '@xstate/react';
import { Button } from 'primereact/button';
import { Link } from 'react-router-dom';
import { useIntl } from '../../i18n/intl-provider';
import { newsMachine } from '../../machines/news/news.machine';
import { isExternalLink } from '../../machines/news/news.rules';
import { SessionActor } from '../app/actor-contexts';
import { inspected } from '../../services/inspection';

/** The staff app's news above every screen while it is new (spec §3 "Local notification"), until dismissed. */
export function NewsBanner() {
  const { language } = useIntl();
  const idGroup = SessionActor.useSelector((snapshot) => snapshot.context.user?.idGroup ?? null);
  if (idGroup === null) return null;
  // Another language is another news text; another group, perhaps other news.
  return <News key={`${language.iso}-${idGroup}`} lang={language.iso} idGroup={idGroup} />;
}

/** The banner of one language and group, around its own actor (`logic`: the machine, which a replay provides). */
export function News({ lang, idGroup, logic = newsMachine }: { lang: string; idGroup: number; logic?: typeof newsMachine }) {
  const { t } = useIntl();
  const news = useActorRef(logic, { ...inspected, input: { lang, idGroup } });
  const shown = useSelector(news, (snapshot) => snapshot.matches('shown'));
  const item = useSelector(news, (snapshot) => snapshot.context.news);
  if (!shown || !item) return null;
  const external = item.link !== null && isExternalLink(item.link);
  return (
    <aside className="news-banner" role="status" data-testid="news-banner" data-version={item.version}>
      <span className="news-banner__icon" aria-hidden>
        <i className="pi pi-megaphone" />
      </span>
      <div className="news-banner__text">
        <span className="news-banner__badge">{t('news.new')}</span>
        <strong className="news-banner__title">{item.title}</strong>
        <span className="news-banner__content">{item.content}</span>
      </div>
      {item.link ? (
        external ? (
          <a href={item.link} target="_blank" rel="noreferrer" className="news-banner__link">
            {t('news.more')} <i className="pi pi-external-link" aria-hidden />
          </a>
        ) : (
          <Link to={item.link} className="news-banner__link" onClick={() => news.send({ type: 'news.dismiss' })}>
            {t('news.more')} <i className="pi pi-arrow-right" aria-hidden />
          </Link>
        )
      ) : null}
      <Button type="button" icon="pi pi-times" rounded text severity="secondary" size="small" aria-label={t('news.dismiss')} tooltip={t('news.dismiss')} tooltipOptions={{ position: 'left' }} data-testid="news-dismiss" onClick={() => news.send({ type: 'news.dismiss' })} />
    </aside>
  );
}
