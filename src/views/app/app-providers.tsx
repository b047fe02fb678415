import { PrimeReactProvider } from 'primereact/api';
import { useState, type ReactNode } from 'react';
import type { ActorOptions } from 'xstate';
import { IntlProvider, useIntl } from '../../i18n/intl-provider';
import type { extraInfosMachine } from '../../machines/extra-infos/extra-infos.machine';
import type { layoutMachine } from '../../machines/layout/layout.machine';
import type { sessionMachine } from '../../machines/session/session.machine';
import { readLayoutSettings } from '../../services/storage';
import { ExtraInfosActor, LayoutActor, SessionActor } from './actor-contexts';
import { installPrimeReactLocales } from './primereact-locales';

installPrimeReactLocales();

interface AppProvidersProps {
  children: ReactNode;
  /** Tests pass the session machine with stubbed actors (`sessionMachine.provide(...)`). */
  sessionLogic?: typeof sessionMachine;
  /** Tests pass a virtual clock for the session's expiry timer. */
  sessionClock?: ActorOptions<typeof sessionMachine>['clock'];
  /** Tests pass the layout machine they replay. */
  layoutLogic?: typeof layoutMachine;
  /** Tests pass the extra-infos machine with a stubbed load. */
  extraInfosLogic?: typeof extraInfosMachine;
}

/** Everything a view may read: session, layout, language, extra sign-in information, PrimeReact. */
export function AppProviders({ children, sessionLogic, sessionClock, layoutLogic, extraInfosLogic }: AppProvidersProps) {
  const [storedLayout] = useState(readLayoutSettings);
  return (
    <SessionActor.Provider logic={sessionLogic} options={sessionClock ? { clock: sessionClock } : undefined}>
      <LayoutActor.Provider logic={layoutLogic} options={{ input: { stored: storedLayout } }}>
        <ExtraInfosActor.Provider logic={extraInfosLogic} options={{ input: { origin: window.location.origin } }}>
          <LocalisedProviders>{children}</LocalisedProviders>
        </ExtraInfosActor.Provider>
      </LayoutActor.Provider>
    </SessionActor.Provider>
  );
}

function LocalisedProviders({ children }: { children: ReactNode }) {
  const userLocale = SessionActor.useSelector((snapshot) => snapshot.context.user?.defaultLanguage);
  const direction = LayoutActor.useSelector((snapshot) => snapshot.context.settings.direction);
  return (
    <IntlProvider userLocale={userLocale} directionSetting={direction}>
      <PrimeReactInLanguage>{children}</PrimeReactInLanguage>
    </IntlProvider>
  );
}

/** PrimeReact's own texts follow the interface language. */
function PrimeReactInLanguage({ children }: { children: ReactNode }) {
  const { language } = useIntl();
  return (
    <PrimeReactProvider value={{ ripple: true, locale: language.iso }}>
      {children}
    </PrimeReactProvider>
  );
}
