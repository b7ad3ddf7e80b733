import type { MailTexts } from './en';

/** The mails' texts in Spanish (Español). */
export const es: MailTexts = {
  greeting: 'Hola, {{name}}:',
  signature: 'Memory Wall',
  passwordReset: {
    subject: 'Restablece tu contraseña de Memory Wall',
    intro: 'Alguien (esperamos que tú) ha pedido restablecer la contraseña de tu cuenta {{username}}.',
    action: 'Elegir una contraseña nueva',
    expiry: 'El enlace funciona una sola vez, durante 30 minutos.',
    ignore: 'Si no lo has pedido tú, ignora este correo: tu contraseña no cambia.',
  },
  moderationDigest: {
    subject: '{{count}} recuerdos esperan tu aprobación en {{event}}',
    intro: '{{count}} recuerdos esperan tu aprobación en {{event}}.',
    action: 'Abrir la moderación',
  },
  receipt: {
    subject: 'Tu recibo: {{credits}} créditos',
    intro: 'Gracias por tu compra. Tus créditos ya están en tu cuenta.',
    pack: 'Paquete',
    credits: 'Créditos',
    amount: 'Importe pagado',
    reference: 'Referencia',
    date: 'Fecha',
  },
  keepsakeReady: {
    subject: 'El recuerdo de {{event}} está listo',
    intro: 'El recuerdo de {{event}} está listo para descargar.',
    action: 'Descargar el recuerdo',
    expiry: 'Los anfitriones del evento pueden descargarlo desde su panel.',
  },
  retentionWarning: {
    subject: 'Las fotos y los vídeos de {{event}} se eliminarán el {{date}}',
    intro:
      'Las fotos, los dibujos y los vídeos de {{event}} se guardan durante un tiempo limitado después del evento. Se eliminarán de Memory Wall el {{date}}.',
    keepsake:
      'El archivo de recuerdo los conserva todos: descárgalo desde el panel del evento antes de esa fecha. Los mensajes siguen en el muro.',
    action: 'Abrir el evento',
  },
};
