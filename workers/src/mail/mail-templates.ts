import escapeHtml from 'escape-html';
import type { Language } from '@memory-wall/contracts';
import { MAIL_TEXTS, MailTexts } from './texts';

/** A mail's parts in one language; the recipient and the job's key are the sender's. */
export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

type Values = Record<string, string | number>;

/** `{{name}}` placeholders filled in. */
const fill = (template: string, values: Values) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(values[key] ?? ''));

/** One paragraph, a link with its label, a table of label/value pairs: what the mails are made of. */
type Block = { paragraph: string } | { link: { label: string; url: string } } | { rows: Array<[string, string]> };

/** The plain text and the HTML of the same blocks, every value escaped in the HTML. */
function compose(subject: string, blocks: Block[], texts: MailTexts): RenderedMail {
  const text = blocks
    .map((block) => {
      if ('paragraph' in block) return block.paragraph;
      if ('link' in block) return `${block.link.label}: ${block.link.url}`;
      return block.rows.map(([label, value]) => `${label}: ${value}`).join('\n');
    })
    .concat(`— ${texts.signature}`)
    .join('\n\n');
  const html = blocks
    .map((block) => {
      if ('paragraph' in block) return `<p>${escapeHtml(block.paragraph)}</p>`;
      if ('link' in block) return `<p><a href="${escapeHtml(block.link.url)}">${escapeHtml(block.link.label)}</a></p>`;
      const rows = block.rows.map(
        ([label, value]) => `<tr><th align="left">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`,
      );
      return `<table cellpadding="4">${rows.join('')}</table>`;
    })
    .concat(`<p>— ${escapeHtml(texts.signature)}</p>`)
    .join('\n');
  return {
    subject,
    text,
    html: `<!doctype html><html><body style="font-family: sans-serif; line-height: 1.5">${html}</body></html>`,
  };
}

export function passwordResetMail(language: Language, values: { name: string; username: string; url: string }) {
  const texts = MAIL_TEXTS[language];
  const t = texts.passwordReset;
  return compose(
    t.subject,
    [
      { paragraph: fill(texts.greeting, values) },
      { paragraph: fill(t.intro, values) },
      { link: { label: t.action, url: values.url } },
      { paragraph: t.expiry },
      { paragraph: t.ignore },
    ],
    texts,
  );
}

export function moderationDigestMail(
  language: Language,
  values: { name: string; event: string; count: number; url: string },
) {
  const texts = MAIL_TEXTS[language];
  const t = texts.moderationDigest;
  return compose(
    fill(t.subject, values),
    [
      { paragraph: fill(texts.greeting, values) },
      { paragraph: fill(t.intro, values) },
      { link: { label: t.action, url: values.url } },
    ],
    texts,
  );
}

export function receiptMail(
  language: Language,
  values: { name: string; pack: string; credits: number; amount: string; reference: string; date: string },
) {
  const texts = MAIL_TEXTS[language];
  const t = texts.receipt;
  return compose(
    fill(t.subject, values),
    [
      { paragraph: fill(texts.greeting, values) },
      { paragraph: t.intro },
      {
        rows: [
          [t.pack, values.pack],
          [t.credits, String(values.credits)],
          [t.amount, values.amount],
          [t.reference, values.reference],
          [t.date, values.date],
        ],
      },
    ],
    texts,
  );
}

/** The mail that says an event's keepsakes can be downloaded (sent by the KeepsakeReady handler). */
export function keepsakeReadyMail(language: Language, values: { name: string; event: string; url: string }) {
  const texts = MAIL_TEXTS[language];
  const t = texts.keepsakeReady;
  return compose(
    fill(t.subject, values),
    [
      { paragraph: fill(texts.greeting, values) },
      { paragraph: fill(t.intro, values) },
      { link: { label: t.action, url: values.url } },
      { paragraph: t.expiry },
    ],
    texts,
  );
}

/** The warning that an event's photos and clips will be deleted on `date` (the retention sweep's). */
export function retentionWarningMail(
  language: Language,
  values: { name: string; event: string; date: string; url: string },
) {
  const texts = MAIL_TEXTS[language];
  const t = texts.retentionWarning;
  return compose(
    fill(t.subject, values),
    [
      { paragraph: fill(texts.greeting, values) },
      { paragraph: fill(t.intro, values) },
      { paragraph: t.keepsake },
      { link: { label: t.action, url: values.url } },
    ],
    texts,
  );
}
