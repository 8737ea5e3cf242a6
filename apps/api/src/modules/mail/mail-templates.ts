import type { Language } from '@hls/contract';

export type MailTemplates = {
  welcome: { firstName: string; role: 'customer' | 'author' | 'editor' | 'admin'; loginUrl: string };
  password_reset: { firstName: string; link: string; validMinutes: number };
  password_changed: { firstName: string; resetUrl: string };
  contact_team: {
    name: string;
    email: string;
    subject: string;
    message: string;
    language: Language;
    reference: string;
  };
  contact_ack: { name: string; subject: string; message: string };
};
export type MailTemplate = keyof MailTemplates;

export type RenderedMail = { subject: string; text: string; html: string };

type Copy = {
  subject: string;
  greeting: string;
  paragraphs: string[];
  action?: { label: string; url: string };
};

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

const signature: Record<Language, string> = { fr: "L'équipe HLS", en: 'The HLS team' };

const quote = (message: string) =>
  message
    .split(/\r?\n/)
    .map((line) => `> ${line}`)
    .join('\n');

const copies: { [T in MailTemplate]: (data: MailTemplates[T], lng: Language) => Copy } = {
  welcome: (d, lng) =>
    lng === 'fr'
      ? {
          subject: 'Bienvenue sur HLS',
          greeting: `Bonjour ${d.firstName},`,
          paragraphs: [
            d.role === 'author'
              ? 'Votre compte auteur est créé. Vous pouvez maintenant proposer vos livres et fichiers.'
              : 'Votre compte est créé. Vous pouvez maintenant commander et télécharger vos achats.',
          ],
          action: { label: 'Se connecter', url: d.loginUrl },
        }
      : {
          subject: 'Welcome to HLS',
          greeting: `Hello ${d.firstName},`,
          paragraphs: [
            d.role === 'author'
              ? 'Your author account is ready. You can now propose your books and files.'
              : 'Your account is ready. You can now order and download your purchases.',
          ],
          action: { label: 'Log in', url: d.loginUrl },
        },
  password_reset: (d, lng) =>
    lng === 'fr'
      ? {
          subject: 'Réinitialisation de votre mot de passe',
          greeting: `Bonjour ${d.firstName},`,
          paragraphs: [
            `Pour choisir un nouveau mot de passe, ouvrez ce lien (valable ${d.validMinutes} minutes, une seule fois).`,
            "Si vous n'êtes pas à l'origine de cette demande, ignorez ce message : votre mot de passe reste inchangé.",
          ],
          action: { label: 'Choisir un nouveau mot de passe', url: d.link },
        }
      : {
          subject: 'Reset your password',
          greeting: `Hello ${d.firstName},`,
          paragraphs: [
            `To choose a new password, open this link (valid for ${d.validMinutes} minutes, once).`,
            'If you did not ask for this, ignore this message: your password stays unchanged.',
          ],
          action: { label: 'Choose a new password', url: d.link },
        },
  password_changed: (d, lng) =>
    lng === 'fr'
      ? {
          subject: 'Votre mot de passe a été modifié',
          greeting: `Bonjour ${d.firstName},`,
          paragraphs: [
            'Le mot de passe de votre compte HLS vient d’être modifié et vos sessions ont été fermées.',
            "Si vous n'êtes pas à l'origine de ce changement, réinitialisez votre mot de passe immédiatement.",
          ],
          action: { label: 'Réinitialiser le mot de passe', url: d.resetUrl },
        }
      : {
          subject: 'Your password was changed',
          greeting: `Hello ${d.firstName},`,
          paragraphs: [
            'The password of your HLS account was just changed and your sessions were closed.',
            'If you did not make this change, reset your password now.',
          ],
          action: { label: 'Reset your password', url: d.resetUrl },
        },
  contact_team: (d, lng) =>
    lng === 'fr'
      ? {
          subject: `[Contact] ${d.subject}`,
          greeting: 'Bonjour,',
          paragraphs: [
            `Nouveau message du formulaire de contact (réf. ${d.reference}).`,
            `De : ${d.name} <${d.email}> — langue : ${d.language === 'fr' ? 'français' : 'anglais'}`,
            `Objet : ${d.subject}`,
            quote(d.message),
            `Répondez directement à ${d.email}.`,
          ],
        }
      : {
          subject: `[Contact] ${d.subject}`,
          greeting: 'Hello,',
          paragraphs: [
            `New message from the contact form (ref. ${d.reference}).`,
            `From: ${d.name} <${d.email}> — language: ${d.language === 'fr' ? 'French' : 'English'}`,
            `Subject: ${d.subject}`,
            quote(d.message),
            `Reply directly to ${d.email}.`,
          ],
        },
  contact_ack: (d, lng) =>
    lng === 'fr'
      ? {
          subject: 'Nous avons bien reçu votre message',
          greeting: `Bonjour ${d.name},`,
          paragraphs: [
            `Merci pour votre message « ${d.subject} ». Notre équipe vous répondra sous deux jours ouvrés.`,
            'Pour rappel, voici votre message :',
            quote(d.message),
          ],
        }
      : {
          subject: 'We have received your message',
          greeting: `Hello ${d.name},`,
          paragraphs: [
            `Thank you for your message “${d.subject}”. Our team will reply within two working days.`,
            'For your records, here is your message:',
            quote(d.message),
          ],
        },
};

export function renderMail<T extends MailTemplate>(
  template: T,
  language: Language,
  data: MailTemplates[T],
): RenderedMail {
  const copy = copies[template](data, language);
  const text = [
    copy.greeting,
    '',
    ...copy.paragraphs.flatMap((p) => [p, '']),
    ...(copy.action ? [`${copy.action.label}: ${copy.action.url}`, ''] : []),
    signature[language],
  ].join('\n');
  const html = `<!doctype html>
<html lang="${language}"><head><meta charset="utf-8"><title>${escapeHtml(copy.subject)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#1f2933;line-height:1.5;max-width:560px;margin:0 auto;padding:24px">
<p>${escapeHtml(copy.greeting)}</p>
${copy.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
${
  copy.action
    ? `<p><a href="${escapeHtml(copy.action.url)}" style="display:inline-block;background:#1d4ed8;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(copy.action.label)}</a></p>
<p style="font-size:13px;color:#52606d">${escapeHtml(copy.action.url)}</p>`
    : ''
}
<p>${escapeHtml(signature[language])}</p>
</body></html>`;
  return { subject: copy.subject, text, html };
}
