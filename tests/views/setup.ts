import { configure } from '@testing-library/react';
import { languages, loadCatalogues } from '../../src/i18n/intl';

/**
 * `findBy…` and `waitFor` give up after this long. A PrimeReact table of fifty rows renders in a
 * few hundred milliseconds under jsdom on a quiet machine; a machine three times slower, or one whose
 * other core is busy, must still pass, so the wait has room (it ends as soon as the screen shows).
 */
configure({ asyncUtilTimeout: 10_000 });

// The first screen loads English's public texts only; views render in every language at once, so all load here.
await Promise.all(languages.map((language) => loadCatalogues(language.locale, 'app')));
