/** Message keys of the AED import (spec §8 "Import row messages" and the file checks); en/fr/de in src/i18n/messages. */
export const importErrorKeys = {
  /** No multipart field `file`, or an empty file. */
  fileMissing: 'error.import.file-missing',
  fileEmpty: 'error.import.file-empty',
  fileTooLarge: 'error.import.file-too-large',
  /** The content is neither CSV text nor an XLSX, XLS or ODS workbook (say, a PDF renamed .xlsx). */
  notSpreadsheet: 'error.import.not-spreadsheet',
  /** A workbook that inflates beyond the cap (a zip bomb), or whose archive lies about its sizes. */
  uncompressedTooLarge: 'error.import.uncompressed-too-large',
  /** A damaged workbook. */
  unreadable: 'error.import.unreadable',
  parseTimeout: 'error.import.parse-timeout',
  tooManyRows: 'error.import.too-many-rows',
  tooManyColumns: 'error.import.too-many-columns',
  noHeader: 'error.import.no-header',
  noRows: 'error.import.no-rows',
  /** The server is parsing as many files as it allows at once. */
  busy: 'error.import.busy',
  notFound: 'error.import.not-found',
  fileNotFound: 'error.import.file-not-found',
  fileAlreadyUsed: 'error.import.file-already-used',
  nameRequired: 'error.import.name-required',
  illegalStep: 'error.import.illegal-step',
  mappingPrimaryKey: 'error.import.mapping-primary-key',
  mappingKeyField: 'error.import.mapping-key-field',
  mappingDuplicateField: 'error.import.mapping-duplicate-field',
  mappingUnknownColumn: 'error.import.mapping-unknown-column',
  mappingNameRequired: 'error.import.mapping-name-required',
  mappingLocationRequired: 'error.import.mapping-location-required',
  rowNotFound: 'error.import.row-not-found',
  presetNotFound: 'error.import.preset-not-found',
  /** The file read as one column whose name holds separators: the delimiter was not found. */
  delimiterNotFound: 'error.import.delimiter-not-found',
  exportFailed: 'error.import.export',
} as const;

/** Row messages (spec §8): why a row failed, or what to check on a row that went in. */
export const importRowMessages = {
  addressRetrievalImpossible: 'error.import.row.address-retrieval-impossible',
  potentialDuplicate: 'error.import.row.potential-duplicate',
  incompleteAddress: 'error.import.row.incomplete-address',
  unknownAddress: 'error.import.row.unknown-address',
  unknownBrand: 'error.import.row.unknown-brand',
  unknownModel: 'error.import.row.unknown-model',
  aedNotFound: 'error.import.row.aed-not-found',
  nameRequired: 'error.import.row.name-required',
  /** A cell that cannot be read for its field (details name the column). */
  invalidValue: 'error.import.row.invalid-value',
  /** The key matches more than one AED of the account. */
  ambiguousKey: 'error.import.row.ambiguous-key',
  /** The contact of the row lacks a name, or both an e-mail and a phone: the AED goes in without it. */
  contactIncomplete: 'error.import.row.contact-incomplete',
  /** The OSM opening_hours value says more than weekly ranges hold (holidays, seasons, sun times): read as far as a week goes, the text kept in the private comment. */
  hoursPartlyRead: 'error.import.row.hours-partly-read',
  /** The opening_hours value cannot be parsed: hours left as they are, the text kept in the private comment. */
  hoursUnreadable: 'error.import.row.hours-unreadable',
  /** The geocoder placed the address at its commune only: the row needs a force, and the AED is flagged "position to check". */
  communeOnly: 'error.import.row.commune-only',
  /** A new AED of a run whose default hours are "unknown, to check": it stays closed until its hours are set. */
  hoursToCheck: 'error.import.row.hours-to-check',
  /** A new AED forced in at the commune's position. */
  positionToCheck: 'error.import.row.position-to-check',
  /** The database refused the row (details say why); nothing of the row was written. */
  writeFailed: 'error.import.row.write-failed',
} as const;

export type ImportRowMessage = (typeof importRowMessages)[keyof typeof importRowMessages];
