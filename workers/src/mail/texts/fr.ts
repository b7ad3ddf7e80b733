import type { MailTexts } from './en';

/** The mails' texts in French (Français). */
export const fr: MailTexts = {
  greeting: 'Bonjour {{name}},',
  signature: 'Memory Wall',
  passwordReset: {
    subject: 'Réinitialisez votre mot de passe Memory Wall',
    intro: 'Quelqu’un (vous, espérons-le) a demandé à réinitialiser le mot de passe de votre compte {{username}}.',
    action: 'Choisir un nouveau mot de passe',
    expiry: 'Le lien fonctionne une seule fois, pendant 30 minutes.',
    ignore: 'Si vous n’êtes pas à l’origine de cette demande, ignorez ce message : votre mot de passe reste inchangé.',
  },
  moderationDigest: {
    subject: '{{count}} souvenirs attendent votre validation sur {{event}}',
    intro: '{{count}} souvenirs attendent votre validation sur {{event}}.',
    action: 'Ouvrir la modération',
  },
  receipt: {
    subject: 'Votre reçu : {{credits}} crédits',
    intro: 'Merci pour votre achat. Vos crédits sont sur votre compte.',
    pack: 'Formule',
    credits: 'Crédits',
    amount: 'Montant payé',
    reference: 'Référence',
    date: 'Date',
  },
  keepsakeReady: {
    subject: 'Le souvenir de {{event}} est prêt',
    intro: 'Le souvenir de {{event}} est prêt à être téléchargé.',
    action: 'Télécharger le souvenir',
    expiry: 'Les hôtes de l’événement le téléchargent depuis son tableau de bord.',
  },
  retentionWarning: {
    subject: 'Les photos et vidéos de {{event}} seront supprimées le {{date}}',
    intro:
      'Les photos, dessins et vidéos de {{event}} sont conservés pendant une durée limitée après l’événement. Ils seront supprimés de Memory Wall le {{date}}.',
    keepsake:
      'L’archive souvenir les conserve tous : téléchargez-la depuis le tableau de bord de l’événement avant cette date. Les messages restent sur le mur.',
    action: 'Ouvrir l’événement',
  },
};
