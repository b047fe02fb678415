import { addLocale, localeOptions } from 'primereact/api';

type Aria = Record<string, string>;
const englishAria = () => (localeOptions('en') as { aria: Aria }).aria;
/** The aria texts PrimeReact reads at run time, some of which its type definitions do not list yet. */
const ariaWith = (texts: Aria): Aria => ({ ...englishAria(), ...texts });

/**
 * PrimeReact's own texts (calendars, empty lists, password toggle, dialogs) in French and German;
 * PrimeReact ships English only. Called once at start.
 */
export function installPrimeReactLocales(): void {
  addLocale('fr', {
    firstDayOfWeek: 1,
    dayNames: ['dimanche', 'lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi', 'samedi'],
    dayNamesShort: ['dim.', 'lun.', 'mar.', 'mer.', 'jeu.', 'ven.', 'sam.'],
    dayNamesMin: ['D', 'L', 'M', 'M', 'J', 'V', 'S'],
    monthNames: ['janvier', 'février', 'mars', 'avril', 'mai', 'juin', 'juillet', 'août', 'septembre', 'octobre', 'novembre', 'décembre'],
    monthNamesShort: ['janv.', 'févr.', 'mars', 'avr.', 'mai', 'juin', 'juil.', 'août', 'sept.', 'oct.', 'nov.', 'déc.'],
    today: "Aujourd'hui",
    clear: 'Effacer',
    weekHeader: 'Sem.',
    dateFormat: 'dd/mm/yy',
    accept: 'Oui',
    reject: 'Non',
    choose: 'Choisir',
    upload: 'Envoyer',
    cancel: 'Annuler',
    emptyMessage: 'Aucun résultat',
    emptyFilterMessage: 'Aucun résultat',
    aria: ariaWith({ close: 'Fermer', passwordShow: 'Afficher le mot de passe', passwordHide: 'Masquer le mot de passe', previous: 'Précédent', next: 'Suivant' }),
  });
  addLocale('de', {
    firstDayOfWeek: 1,
    dayNames: ['Sonntag', 'Montag', 'Dienstag', 'Mittwoch', 'Donnerstag', 'Freitag', 'Samstag'],
    dayNamesShort: ['So', 'Mo', 'Di', 'Mi', 'Do', 'Fr', 'Sa'],
    dayNamesMin: ['S', 'M', 'D', 'M', 'D', 'F', 'S'],
    monthNames: ['Januar', 'Februar', 'März', 'April', 'Mai', 'Juni', 'Juli', 'August', 'September', 'Oktober', 'November', 'Dezember'],
    monthNamesShort: ['Jan', 'Feb', 'Mär', 'Apr', 'Mai', 'Jun', 'Jul', 'Aug', 'Sep', 'Okt', 'Nov', 'Dez'],
    today: 'Heute',
    clear: 'Löschen',
    weekHeader: 'KW',
    dateFormat: 'dd.mm.yy',
    accept: 'Ja',
    reject: 'Nein',
    choose: 'Auswählen',
    upload: 'Hochladen',
    cancel: 'Abbrechen',
    emptyMessage: 'Keine Ergebnisse',
    emptyFilterMessage: 'Keine Ergebnisse',
    aria: ariaWith({ close: 'Schließen', passwordShow: 'Passwort anzeigen', passwordHide: 'Passwort verbergen', previous: 'Zurück', next: 'Weiter' }),
  });
}
