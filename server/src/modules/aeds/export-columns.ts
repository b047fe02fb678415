import { vigilanceOn, type AedVigilance } from '../../../../contract/aed-vigilance';
import type { OptionLanguage } from '../../../../contract/aed-options';
import { cellXml, type Cell } from '../../shared/xlsx-stream';
import type { AedRow } from './tenancy';

/** An AED as the export reads it: the row's fields, timestamps already ISO text. */
export type ExportedAed = Omit<AedRow, 'createdAt' | 'updatedAt' | 'deletedAt' | 'unavailableUntil' | 'lastConfirmationDate'> & {
  createdAt: string;
  updatedAt: string;
  deletedAt: string | null;
  unavailableUntil: string | null;
  lastConfirmationDate: string | null;
};

/** Context of one export row: the AED, its account name and its vigilance. */
export interface ExportRow {
  aed: ExportedAed;
  accountName: string;
  vigilance: AedVigilance;
}

const day = (value: string | null) => value;

/** Opening hours as one readable cell: "1 08:00-12:00 14:00-18:00 | 2 …". */
export function hoursText(aed: Pick<AedRow, 'alwaysOpened' | 'openingHours'>): string {
  if (aed.alwaysOpened) return '24/7';
  return Object.entries(aed.openingHours ?? {})
    .filter(([, ranges]) => ranges && ranges.length)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([weekday, ranges]) => `${weekday} ${ranges!.map((range) => `${range.open}-${range.close}`).join(' ')}`)
    .join(' | ');
}

type Column = [labels: [en: string, fr: string, de: string], value: (row: ExportRow) => Cell];

/** Columns of the AED export, in order. */
export const exportColumns: Column[] = [
  [['Udid', 'Udid', 'Udid'], (r) => r.aed.udid],
  [['AED id', 'Identifiant DAE', 'AED-Kennung'], (r) => r.aed.idAed],
  [['Account', 'Compte', 'Konto'], (r) => r.accountName],
  [['Name', 'Nom', 'Name'], (r) => r.aed.name],
  [['Address', 'Adresse', 'Adresse'], (r) => r.aed.address],
  [['Address line 2', "Complément d'adresse", 'Adresszusatz'], (r) => r.aed.address2],
  [['Building', 'Bâtiment', 'Gebäude'], (r) => r.aed.building],
  [['Floor', 'Étage', 'Etage'], (r) => r.aed.floor],
  [['Zip code', 'Code postal', 'Postleitzahl'], (r) => r.aed.zipCode],
  [['City', 'Ville', 'Ort'], (r) => r.aed.city],
  [['State / commune', 'Région / commune', 'Region / Gemeinde'], (r) => r.aed.state],
  [['Country', 'Pays', 'Land'], (r) => r.aed.country],
  [['Latitude', 'Latitude', 'Breitengrad'], (r) => r.aed.lat],
  [['Longitude', 'Longitude', 'Längengrad'], (r) => r.aed.lon],
  [['Altitude', 'Altitude', 'Höhe'], (r) => r.aed.altitude],
  [['Position (1 indoor, 2 outdoor)', 'Position (1 intérieur, 2 extérieur)', 'Lage (1 innen, 2 außen)'], (r) => r.aed.position],
  [['Accessibility (1 private, 2 public)', 'Accessibilité (1 privé, 2 public)', 'Zugang (1 privat, 2 öffentlich)'], (r) => r.aed.accessibility],
  [['Opening hours', "Horaires d'ouverture", 'Öffnungszeiten'], (r) => hoursText(r.aed)],
  [['Itinerant', 'Itinérant', 'Mobil'], (r) => r.aed.itinerant],
  [['Description', 'Description', 'Beschreibung'], (r) => r.aed.description],
  [['Brand', 'Marque', 'Marke'], (r) => r.aed.brand],
  [['Model', 'Modèle', 'Modell'], (r) => r.aed.model],
  [['Software version', 'Version logicielle', 'Softwareversion'], (r) => r.aed.softwareVersion],
  [['Serial number', 'Numéro de série', 'Seriennummer'], (r) => r.aed.serialNumber],
  [['Install date', "Date d'installation", 'Installationsdatum'], (r) => r.aed.installDate],
  [['Last inspection', 'Dernière inspection', 'Letzte Inspektion'], (r) => r.aed.lastInspection],
  [['Inspected by', 'Inspecté par', 'Geprüft von'], (r) => r.aed.inspectedBy],
  [['Pads lot', 'Lot électrodes', 'Elektroden-Charge'], (r) => r.aed.padsLot],
  [['Pads expiration', 'Péremption électrodes', 'Ablauf Elektroden'], (r) => r.aed.padsExpiration],
  [['Child pads', 'Électrodes pédiatriques', 'Kinderelektroden'], (r) => r.aed.hasChildPads],
  [['Child pads lot', 'Lot électrodes pédiatriques', 'Charge Kinderelektroden'], (r) => r.aed.childPadsLot],
  [['Child pads expiration', 'Péremption électrodes pédiatriques', 'Ablauf Kinderelektroden'], (r) => r.aed.childPadsExpiration],
  [['Battery lot', 'Lot batterie', 'Akku-Charge'], (r) => r.aed.batteryLot],
  [['Battery expiration', 'Péremption batterie', 'Ablauf Akku'], (r) => r.aed.batteryExpiration],
  [['Pads pack lot', 'Lot pack électrodes', 'Charge Elektrodenpaket'], (r) => r.aed.padsPackLot],
  [['Pads pack expiration', 'Péremption pack électrodes', 'Ablauf Elektrodenpaket'], (r) => r.aed.padsPackExpiration],
  [['Maintenance reminder', 'Rappel de maintenance', 'Wartungserinnerung'], (r) => r.aed.maintenanceAlertType],
  [['Maintenance period (months)', 'Période de maintenance (mois)', 'Wartungsintervall (Monate)'], (r) => r.aed.maintenancePeriod],
  [['Last maintenance', 'Dernière maintenance', 'Letzte Wartung'], (r) => r.aed.maintenanceLastDate],
  [['Cabinet id', 'Identifiant armoire', 'Schrank-Kennung'], (r) => r.aed.cabinetId],
  [['Availability', 'Disponibilité', 'Verfügbarkeit'], (r) => r.aed.status],
  [['Unavailable reason', "Motif d'indisponibilité", 'Grund der Nichtverfügbarkeit'], (r) => r.aed.unavailableReason],
  [['Unavailable until', "Indisponible jusqu'au", 'Nicht verfügbar bis'], (r) => day(r.aed.unavailableUntil)],
  [['Certified', 'Certifié', 'Zertifiziert'], (r) => r.aed.certified],
  [['Last certification', 'Dernière certification', 'Letzte Zertifizierung'], (r) => r.aed.lastCertificationDate],
  [['Validated', 'Validé', 'Bestätigt'], (r) => r.aed.validated],
  [['Last confirmation', 'Dernière confirmation', 'Letzte Bestätigung'], (r) => day(r.aed.lastConfirmationDate)],
  [['Confirmation age', 'Ancienneté de confirmation', 'Alter der Bestätigung'], (r) => r.vigilance.confirmation],
  [['Battery vigilance', 'Vigilance batterie', 'Akku-Warnung'], (r) => r.vigilance.battery],
  [['Pads vigilance', 'Vigilance électrodes', 'Elektroden-Warnung'], (r) => r.vigilance.pads],
  [['Child pads vigilance', 'Vigilance électrodes pédiatriques', 'Kinderelektroden-Warnung'], (r) => r.vigilance.childPads],
  [['Private comment', 'Commentaire privé', 'Interner Kommentar'], (r) => r.aed.privateComment],
  [['Source', 'Source', 'Quelle'], (r) => r.aed.source],
  [['Source information', 'Informations source', 'Quellinformationen'], (r) => r.aed.sourceInfo],
  [['External id', 'Identifiant externe', 'Externe Kennung'], (r) => r.aed.externalSourceId],
  [['GeoDAE id', 'Identifiant GeoDAE', 'GeoDAE-Kennung'], (r) => r.aed.idGeocoeur],
  [['Linked GeoDAE', 'GeoDAE lié', 'Verknüpftes GeoDAE'], (r) => r.aed.linkedGeoDae],
  [['Created', 'Créé le', 'Erstellt'], (r) => day(r.aed.createdAt)],
  [['Updated', 'Modifié le', 'Geändert'], (r) => day(r.aed.updatedAt)],
];

/** The header row in a language. */
export function headerRow(language: OptionLanguage): string[] {
  const index = language === 'fr' ? 1 : language === 'de' ? 2 : 0;
  return exportColumns.map(([labels]) => labels[index]);
}

/** A function writing one AED as a sheet row (XML), for a given day; no array per row. */
export function exportRowXmlOn(today: string, soonDays: number): (aed: ExportedAed, accountName: string) => string {
  const vigilance = vigilanceOn(today, soonDays);
  const values = exportColumns.map(([, value]) => value);
  return (aed, accountName) => {
    const row: ExportRow = { aed, accountName, vigilance: vigilance(aed) };
    let xml = '<row>';
    for (const value of values) xml += cellXml(value(row));
    return `${xml}</row>`;
  };
}
