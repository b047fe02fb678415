/**
 * Option lists of the AED register with their labels in fr, en and de, served by
 * GET backOffice/option/getOptionsModules?lang&module and used by the server to validate values.
 */
type Labels = { en: string; fr: string; de: string };
export type OptionLanguage = keyof Labels;

interface Option<V extends string | number> {
  value: V;
  labels: Labels;
}
const same = (text: string): Labels => ({ en: text, fr: text, de: text });

/** Device brands and their models (fab_rais and modele of the national schema). */
export const aedBrands: Record<string, readonly string[]> = {
  Philips: ['HeartStart FRx', 'HeartStart HS1', 'HeartStart FR3'],
  Zoll: ['AED Plus', 'AED 3'],
  'Cardiac Science': ['Powerheart G3 Plus', 'Powerheart G5'],
  Stryker: ['LIFEPAK CR Plus', 'LIFEPAK CR2', 'LIFEPAK 1000'],
  Schiller: ['FRED easy', 'FRED PA-1'],
  HeartSine: ['samaritan PAD 350P', 'samaritan PAD 360P', 'samaritan PAD 500P'],
  Defibtech: ['Lifeline AUTO', 'Lifeline VIEW'],
  Mindray: ['BeneHeart C1A', 'BeneHeart C2'],
  Weinmann: ['MeduCore Easy'],
  Bexen: ['Reanibex 100'],
};

/** Problem types of a report (spec §3 "AED report"). */
export const aedProblemTypes: readonly Option<number>[] = [
  { value: 1, labels: { en: 'Missing', fr: 'Absent', de: 'Fehlt' } },
  { value: 2, labels: { en: 'Defective', fr: 'Défectueux', de: 'Defekt' } },
  { value: 3, labels: { en: 'Poorly positioned', fr: 'Mal positionné', de: 'Schlecht platziert' } },
  { value: 4, labels: { en: 'Other', fr: 'Autre', de: 'Sonstiges' } },
  { value: 5, labels: { en: 'Duplicate', fr: 'Doublon', de: 'Duplikat' } },
  { value: 6, labels: { en: 'Closed', fr: 'Fermé', de: 'Geschlossen' } },
  { value: 7, labels: { en: 'Inaccessible', fr: 'Inaccessible', de: 'Unzugänglich' } },
];
export const aedProblemTypeValues = [1, 2, 3, 4, 5, 6, 7] as const;

export const aedAvailabilityOptions: readonly Option<string>[] = [
  { value: 'available', labels: { en: 'Available', fr: 'Disponible', de: 'Verfügbar' } },
  { value: 'inMaintenance', labels: { en: 'In maintenance', fr: 'En maintenance', de: 'In Wartung' } },
  { value: 'unavailable', labels: { en: 'Unavailable', fr: 'Indisponible', de: 'Nicht verfügbar' } },
  { value: 'deleted', labels: { en: 'Deleted', fr: 'Supprimé', de: 'Gelöscht' } },
];

export const aedUnavailableReasonOptions: readonly Option<string>[] = [
  { value: 'maintenance', labels: { en: 'Maintenance in progress', fr: 'Maintenance en cours', de: 'Wartung läuft' } },
  { value: 'temporarilyUnavailable', labels: { en: 'Temporarily unavailable', fr: 'Temporairement indisponible', de: 'Vorübergehend nicht verfügbar' } },
];

export const aedPositionOptions: readonly Option<number>[] = [
  { value: 1, labels: { en: 'Indoor', fr: 'Intérieur', de: 'Innen' } },
  { value: 2, labels: { en: 'Outdoor', fr: 'Extérieur', de: 'Außen' } },
];

export const aedAccessibilityOptions: readonly Option<number>[] = [
  { value: 1, labels: { en: 'Private', fr: 'Privé', de: 'Privat' } },
  { value: 2, labels: { en: 'Public', fr: 'Public', de: 'Öffentlich' } },
];

/** Contact types (the "supervisor type" of spec §5). */
export const aedContactTypes = ['supervisor', 'operator', 'maintainer', 'siteContact'] as const;
export const aedContactTypeOptions: readonly Option<string>[] = [
  { value: 'supervisor', labels: { en: 'Supervisor', fr: 'Responsable', de: 'Verantwortlicher' } },
  { value: 'operator', labels: { en: 'Operator (exploitant)', fr: 'Exploitant', de: 'Betreiber' } },
  { value: 'maintainer', labels: { en: 'Maintainer', fr: 'Mainteneur', de: 'Wartungsfirma' } },
  { value: 'siteContact', labels: { en: 'Site contact', fr: 'Contact sur site', de: 'Ansprechpartner vor Ort' } },
];

/** How the maintenance reminder is computed: not at all, from a period after the last one, or a fixed date. */
export const aedMaintenanceAlertTypes = ['none', 'period', 'date'] as const;
export const aedMaintenanceAlertOptions: readonly Option<string>[] = [
  { value: 'none', labels: { en: 'No reminder', fr: 'Pas de rappel', de: 'Keine Erinnerung' } },
  { value: 'period', labels: { en: 'Every period after the last maintenance', fr: 'Périodique après la dernière maintenance', de: 'Periodisch nach der letzten Wartung' } },
  { value: 'date', labels: { en: 'On the consumables dates', fr: 'Aux dates des consommables', de: 'Zu den Verbrauchsmaterial-Daten' } },
];

export const aedSources = ['manual', 'import', 'geodae', 'publicApp'] as const;
export const aedSourceOptions: readonly Option<string>[] = [
  { value: 'manual', labels: { en: 'Entered by staff', fr: 'Saisi par le service', de: 'Manuell erfasst' } },
  { value: 'import', labels: { en: 'File import', fr: 'Import de fichier', de: 'Dateiimport' } },
  { value: 'geodae', labels: same('GeoDAE') },
  { value: 'publicApp', labels: { en: 'Public app', fr: 'Application publique', de: 'Öffentliche App' } },
];

export const aedVigilanceOptions: readonly Option<string>[] = [
  { value: 'ok', labels: { en: 'Up to date', fr: 'À jour', de: 'Aktuell' } },
  { value: 'soon', labels: { en: 'Expires soon', fr: 'Expire bientôt', de: 'Läuft bald ab' } },
  { value: 'expired', labels: { en: 'Expired', fr: 'Expiré', de: 'Abgelaufen' } },
  { value: 'unknown', labels: { en: 'Date unknown', fr: 'Date inconnue', de: 'Datum unbekannt' } },
];

export const aedConfirmationOptions: readonly Option<string>[] = [
  { value: 'never', labels: { en: 'Never confirmed', fr: 'Jamais confirmé', de: 'Nie bestätigt' } },
  { value: 'under3Months', labels: { en: 'Under 3 months', fr: 'Moins de 3 mois', de: 'Unter 3 Monaten' } },
  { value: 'under6Months', labels: { en: 'Under 6 months', fr: 'Moins de 6 mois', de: 'Unter 6 Monaten' } },
  { value: 'under1Year', labels: { en: 'Under 1 year', fr: "Moins d'un an", de: 'Unter 1 Jahr' } },
  { value: 'over1Year', labels: { en: 'Over 1 year', fr: "Plus d'un an", de: 'Über 1 Jahr' } },
];

export const weekdayOptions: readonly Option<number>[] = [
  { value: 1, labels: { en: 'Monday', fr: 'Lundi', de: 'Montag' } },
  { value: 2, labels: { en: 'Tuesday', fr: 'Mardi', de: 'Dienstag' } },
  { value: 3, labels: { en: 'Wednesday', fr: 'Mercredi', de: 'Mittwoch' } },
  { value: 4, labels: { en: 'Thursday', fr: 'Jeudi', de: 'Donnerstag' } },
  { value: 5, labels: { en: 'Friday', fr: 'Vendredi', de: 'Freitag' } },
  { value: 6, labels: { en: 'Saturday', fr: 'Samedi', de: 'Samstag' } },
  { value: 7, labels: { en: 'Sunday', fr: 'Dimanche', de: 'Sonntag' } },
];

/** Option modules by name; `aed` returns them all. */
export const aedOptionModules = {
  brands: () => Object.keys(aedBrands).map((brand) => ({ value: brand, labels: same(brand) })),
  models: () => Object.entries(aedBrands).flatMap(([brand, models]) => models.map((model) => ({ value: model, labels: same(model), brand }))),
  problemTypes: () => aedProblemTypes,
  availability: () => aedAvailabilityOptions,
  unavailableReasons: () => aedUnavailableReasonOptions,
  positions: () => aedPositionOptions,
  accessibility: () => aedAccessibilityOptions,
  contactTypes: () => aedContactTypeOptions,
  maintenanceAlertTypes: () => aedMaintenanceAlertOptions,
  sources: () => aedSourceOptions,
  vigilance: () => aedVigilanceOptions,
  confirmation: () => aedConfirmationOptions,
  weekdays: () => weekdayOptions,
} as const;
export type AedOptionModule = keyof typeof aedOptionModules;

/** The label of an option in a language ("fr", "fr_FR", "de-DE"…), English as the fallback. */
export function optionLanguage(lang: string | undefined): OptionLanguage {
  const short = (lang ?? 'en').slice(0, 2).toLowerCase();
  return short === 'fr' || short === 'de' ? short : 'en';
}
