import { optionLanguage, type OptionLanguage } from '../../../../contract/aed-options';

/** Mail templates sent to the person who reported a problem, per language and problem type. */
const frame: Record<OptionLanguage, { subject: string; intro: string; outro: string }> = {
  en: {
    subject: 'Your report about the defibrillator "{aedName}"',
    intro: 'Hello,\n\nOn {date} you reported a problem ({problem}) on the defibrillator "{aedName}", {address} {city}.',
    outro: 'Thank you for helping us keep the defibrillator register reliable.\n\nThe defibrillator team',
  },
  fr: {
    subject: 'Votre signalement concernant le défibrillateur « {aedName} »',
    intro: 'Bonjour,\n\nLe {date}, vous avez signalé un problème ({problem}) sur le défibrillateur « {aedName} », {address} {city}.',
    outro: 'Merci de nous aider à garder le registre des défibrillateurs fiable.\n\nL’équipe défibrillateurs',
  },
  de: {
    subject: 'Ihre Meldung zum Defibrillator „{aedName}“',
    intro: 'Guten Tag,\n\nam {date} haben Sie ein Problem ({problem}) am Defibrillator „{aedName}“, {address} {city}, gemeldet.',
    outro: 'Vielen Dank, dass Sie uns helfen, das Defibrillatorregister zuverlässig zu halten.\n\nIhr Defibrillator-Team',
  },
};

const outcome: Record<OptionLanguage, Record<number, string>> = {
  en: {
    1: 'We checked the site: the register now shows where the device really is.',
    2: 'The device has been checked and repaired or replaced by its operator.',
    3: 'The position of the device has been corrected in the register.',
    4: 'Your remark has been handled by our team.',
    5: 'The duplicate entries have been merged into one.',
    6: 'The opening hours of the device have been updated.',
    7: 'The access information of the device has been updated.',
  },
  fr: {
    1: 'Nous avons vérifié sur place : le registre indique désormais où se trouve réellement l’appareil.',
    2: 'L’appareil a été vérifié puis réparé ou remplacé par son exploitant.',
    3: 'La position de l’appareil a été corrigée dans le registre.',
    4: 'Votre remarque a été traitée par notre équipe.',
    5: 'Les fiches en double ont été fusionnées.',
    6: 'Les horaires d’ouverture de l’appareil ont été mis à jour.',
    7: 'Les informations d’accès à l’appareil ont été mises à jour.',
  },
  de: {
    1: 'Wir haben vor Ort nachgesehen: Das Register zeigt jetzt, wo sich das Gerät tatsächlich befindet.',
    2: 'Das Gerät wurde geprüft und vom Betreiber repariert oder ersetzt.',
    3: 'Die Position des Geräts wurde im Register korrigiert.',
    4: 'Ihr Hinweis wurde von unserem Team bearbeitet.',
    5: 'Die doppelten Einträge wurden zusammengeführt.',
    6: 'Die Öffnungszeiten des Geräts wurden aktualisiert.',
    7: 'Die Zugangsinformationen des Geräts wurden aktualisiert.',
  },
};

/** The template of a language and problem type, placeholders left in. */
export function reportTemplate(lang: string | undefined, type: number) {
  const language = optionLanguage(lang);
  const parts = frame[language];
  return { lang: language, type, subject: parts.subject, text: `${parts.intro}\n\n${outcome[language][type] ?? outcome[language][4]}\n\n${parts.outro}` };
}

/** Fills {placeholders}; unknown ones become empty. */
export function fillTemplate(text: string, values: Record<string, string | null | undefined>): string {
  return text.replace(/\{(\w+)\}/g, (_match, key: string) => values[key] ?? '').replace(/ {2,}/g, ' ');
}
