import { useEffect, type ReactNode } from 'react';
import { useIntl } from '../../i18n/intl-provider';
import { LayoutActor } from '../app/actor-contexts';
import { LanguageMenu } from './language-menu';
import { LegalNoticeLink } from './legal-notice-link';

interface PageFrameProps {
  title: string;
  children: ReactNode;
  /** An icon (primeicons class) above the title, for the status pages. */
  icon?: string;
}

/** The bare frame of the pages outside the dashboard: auth screens and the special session pages. */
export function PageFrame({ title, icon, children }: PageFrameProps) {
  const layout = LayoutActor.useActorRef();
  const { t } = useIntl();
  useEffect(() => layout.send({ type: 'layout.use', layout: 'page' }), [layout]);
  return (
    <div className="page-frame">
      <main className="page-frame__card surface-card shadow-2 border-round-xl">
        <div className="flex align-items-center gap-3 mb-4">
          <img src="/logos/vigil.svg" alt="" className="page-frame__logo" />
          <div>
            <div className="text-2xl font-bold text-900">{t('app.name')}</div>
            <div className="text-sm text-600">{t('app.tagline')}</div>
          </div>
        </div>
        {icon ? <i className={`${icon} page-frame__icon`} aria-hidden /> : null}
        <h1 className="text-2xl font-semibold text-900 mt-0 mb-3">{title}</h1>
        {children}
      </main>
      <footer className="page-frame__footer">
        <LegalNoticeLink />
        <LanguageMenu />
      </footer>
    </div>
  );
}
