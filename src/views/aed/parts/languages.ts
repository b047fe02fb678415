import { languages as interfaceLanguages } from '../../../i18n/intl';

/** The languages a contact may be written to in (the interface languages). */
export const languages = interfaceLanguages.map((language) => ({ value: language.locale, label: language.localName }));

