import 'primereact/resources/themes/lara-light-green/theme.css';
import 'primereact/resources/primereact.min.css';
import 'primeicons/primeicons.css';
import 'primeflex/primeflex.css';
import './styles/app.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { loadCatalogues } from './i18n/intl';
import { storedLocale } from './i18n/intl-provider';
import { App } from './views/app/app';

// The texts of the language the first screen shows load before it renders (no English flash).
void loadCatalogues(storedLocale())
  .catch(() => undefined)
  .then(() =>
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
