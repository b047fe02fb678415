/** The mails of the authentication flows, in the user's language (fr, de, else English). */

interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
const pick = <T>(texts: Record<'fr' | 'de' | 'en', T>, lang: string): T => texts[lang.slice(0, 2) as 'fr' | 'de'] ?? texts.en;

/** The password renewal link. */
export function renewalMail(to: string, link: string, lang: string): Mail {
  const text = pick(
    {
      fr: { subject: 'Vigil : renouvellement de votre mot de passe', body: 'Pour choisir un nouveau mot de passe, ouvrez ce lien (valable une heure) :' },
      de: { subject: 'Vigil: Erneuerung Ihres Passworts', body: 'Um ein neues Passwort zu wählen, öffnen Sie diesen Link (eine Stunde gültig):' },
      en: { subject: 'Vigil: renew your password', body: 'To choose a new password, open this link (valid for one hour):' },
    },
    lang,
  );
  return { to, subject: text.subject, text: `${text.body}\n\n${link}\n`, html: `<p>${text.body}</p><p><a href="${link}">${link}</a></p>` };
}

/** Tells an account holder that sign-ins to their account from one address are paused after repeated wrong passwords. */
export function lockoutMail(to: string, ip: string, minutes: number, resetLink: string, lang: string): Mail {
  const text = pick(
    {
      fr: {
        subject: 'Vigil : tentatives de connexion à votre compte',
        body: `Plusieurs mots de passe erronés ont été saisis pour votre compte depuis l’adresse ${ip}. Les connexions depuis cette adresse sont suspendues pendant ${minutes} minutes ; vous pouvez toujours vous connecter depuis votre poste habituel. Si ce n’était pas vous, changez votre mot de passe :`,
      },
      de: {
        subject: 'Vigil: Anmeldeversuche bei Ihrem Konto',
        body: `Für Ihr Konto wurden von der Adresse ${ip} mehrere falsche Passwörter eingegeben. Anmeldungen von dieser Adresse sind für ${minutes} Minuten gesperrt; von Ihrem gewohnten Arbeitsplatz können Sie sich weiterhin anmelden. Falls Sie es nicht waren, ändern Sie Ihr Passwort:`,
      },
      en: {
        subject: 'Vigil: sign-in attempts on your account',
        body: `Several wrong passwords were typed for your account from the address ${ip}. Sign-ins from that address are paused for ${minutes} minutes; you can still sign in from your usual workstation. If this was not you, change your password:`,
      },
    },
    lang,
  );
  return { to, subject: text.subject, text: `${text.body}\n\n${resetLink}\n`, html: `<p>${escapeHtml(text.body)}</p><p><a href="${resetLink}">${resetLink}</a></p>` };
}
