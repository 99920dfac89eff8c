import { DASHBOARD_CHANGED_EVENT, type ContactMessageInput, type DashboardChanged } from '@exam/shared';
import type { Deps } from '../deps';
import { rooms } from '../ports/realtime';
import { translate } from '../i18n/translator';
import { escapeHtml } from './mail';
import { notify } from './notifications';
import { settingsOf } from './settings';

/**
 * A visitor's message reaches the admins three ways: stored (listed on the admin dashboard),
 * as a live notification, and by e-mail to every active admin (reply-to is the visitor).
 */
export async function receiveContactMessage(deps: Deps, input: Required<Omit<ContactMessageInput, 'website'>>, ip: string): Promise<{ id: string }> {
  const [row] = (await deps
    .db('contact_messages')
    .insert({ name: input.name, email: input.email, subject: input.subject, message: input.message, ip })
    .returning('id')) as { id: string }[];
  const admins = (await deps.db('users').where({ role: 'admin', is_active: true }).select('id', 'email', 'first_name')) as { id: string; email: string; first_name: string }[];
  await notify(
    deps,
    admins.map((a) => a.id),
    {
      type: 'message',
      title: { key: 'contact.title', values: { subject: input.subject.slice(0, 190) } },
      message: { key: 'contact.message', values: { name: input.name, email: input.email, message: input.message.slice(0, 300) } },
      actionUrl: '/admin/dashboard#contact-messages',
      metadata: { contactMessageId: row!.id },
    },
  );
  const changed: DashboardChanged = { reason: 'contact' };
  deps.realtime.emit(rooms.admins, DASHBOARD_CHANGED_EVENT, changed);
  const settings = await settingsOf(deps.db, admins.map((a) => a.id));
  for (const admin of admins) {
    // Each admin reads it in their own language; the visitor's words stay as written.
    const t = (key: string) => translate(settings.get(admin.id)!.preferences.language, `emails:${key}`, { name: input.name, email: input.email, subject: input.subject });
    const greeting = translate(settings.get(admin.id)!.preferences.language, 'emails:greeting', { name: admin.first_name });
    deps.mailer.sendInBackground({
      to: admin.email,
      subject: t('contact.subject'),
      text: `${greeting}\n\n${t('contact.intro')}\n\n${input.message}\n\n${t('contact.reply')}\n`,
      html: `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(t('contact.intro'))}</p><blockquote>${escapeHtml(input.message).replace(/\n/g, '<br>')}</blockquote><p>${escapeHtml(t('contact.reply'))}</p>`,
    });
  }
  return row!;
}
