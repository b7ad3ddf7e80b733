import type { MailTexts } from './en';

/** The mails' texts in German (Deutsch). */
export const de: MailTexts = {
  greeting: 'Hallo {{name}},',
  signature: 'Memory Wall',
  passwordReset: {
    subject: 'Setzen Sie Ihr Memory-Wall-Passwort zurück',
    intro: 'Jemand (hoffentlich Sie) hat das Zurücksetzen des Passworts Ihres Kontos {{username}} angefordert.',
    action: 'Neues Passwort wählen',
    expiry: 'Der Link funktioniert einmal, 30 Minuten lang.',
    ignore: 'Wenn Sie das nicht angefordert haben, ignorieren Sie diese E-Mail: Ihr Passwort bleibt, wie es ist.',
  },
  moderationDigest: {
    subject: '{{count}} Erinnerungen warten auf Ihre Freigabe bei {{event}}',
    intro: '{{count}} Erinnerungen warten auf Ihre Freigabe bei {{event}}.',
    action: 'Moderation öffnen',
  },
  receipt: {
    subject: 'Ihre Quittung: {{credits}} Credits',
    intro: 'Danke für Ihren Kauf. Ihre Credits sind auf Ihrem Konto.',
    pack: 'Paket',
    credits: 'Credits',
    amount: 'Bezahlter Betrag',
    reference: 'Referenz',
    date: 'Datum',
  },
  keepsakeReady: {
    subject: 'Das Andenken an {{event}} ist fertig',
    intro: 'Das Andenken an {{event}} ist fertig zum Herunterladen.',
    action: 'Andenken herunterladen',
    expiry: 'Die Gastgeber der Veranstaltung laden es über deren Übersicht herunter.',
  },
  retentionWarning: {
    subject: 'Die Fotos und Videos von {{event}} werden am {{date}} gelöscht',
    intro:
      'Die Fotos, Zeichnungen und Videoclips von {{event}} werden nach der Veranstaltung nur begrenzte Zeit aufbewahrt. Sie werden am {{date}} aus Memory Wall gelöscht.',
    keepsake:
      'Das Andenken-Archiv enthält sie alle: Laden Sie es vorher über die Übersicht der Veranstaltung herunter. Die Nachrichten bleiben auf der Wand.',
    action: 'Veranstaltung öffnen',
  },
};
