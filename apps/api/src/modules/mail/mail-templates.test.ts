import { describe, expect, it } from 'vitest';
import { renderMail } from './mail-templates.ts';

describe('mail templates', () => {
  it('renders every template in French and English with text and HTML', () => {
    const cases = [
      ['welcome', { firstName: 'Ali', role: 'customer', loginUrl: 'http://x/login-register' }],
      ['password_reset', { firstName: 'Ali', link: 'http://x/password/reset/confirm/abc', validMinutes: 60 }],
      ['password_changed', { firstName: 'Ali', resetUrl: 'http://x/login-register' }],
    ] as const;
    for (const [template, data] of cases) {
      const fr = renderMail(template, 'fr', data as never);
      const en = renderMail(template, 'en', data as never);
      expect(fr.subject).not.toBe(en.subject);
      expect(fr.text).toContain('Bonjour Ali');
      expect(en.text).toContain('Hello Ali');
      expect(en.html).toContain('<html lang="en">');
    }
  });

  it('escapes user-provided text in the HTML part', () => {
    const mail = renderMail('welcome', 'en', {
      firstName: '<script>x</script>',
      role: 'author',
      loginUrl: 'http://x',
    });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;');
    expect(mail.text).toContain('author account');
  });
});
