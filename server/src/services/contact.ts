import { DASHBOARD_CHANGED_EVENT, type ContactMessageInput, type DashboardChanged } from '@exam/shared';
import type { Deps } from '../deps';
import { rooms } from '../ports/realtime';
import { notify } from './notifications';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

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
    { type: 'message', title: `Contact: ${input.subject}`.slice(0, 200), message: `${input.name} <${input.email}> wrote: ${input.message.slice(0, 300)}`, actionUrl: '/admin/dashboard#contact-messages', metadata: { contactMessageId: row!.id } },
  );
  const changed: DashboardChanged = { reason: 'contact' };
  deps.realtime.emit(rooms.admins, DASHBOARD_CHANGED_EVENT, changed);
  for (const admin of admins) {
    deps.mailer.sendInBackground({
      to: admin.email,
      subject: `Contact form: ${input.subject}`,
      text: `Hello ${admin.first_name},\n\n${input.name} <${input.email}> sent a message through the contact form:\n\n${input.message}\n\nReply to ${input.email}.\n`,
      html: `<p>Hello ${escapeHtml(admin.first_name)},</p><p>${escapeHtml(input.name)} &lt;${escapeHtml(input.email)}&gt; sent a message through the contact form:</p><blockquote>${escapeHtml(input.message).replace(/\n/g, '<br>')}</blockquote><p>Reply to <a href="mailto:${escapeHtml(input.email)}">${escapeHtml(input.email)}</a>.</p>`,
    });
  }
  return row!;
}
