import { notificationText, wantsEmail } from '@exam/shared';
import type { Deps } from '../deps';
import { linkMail } from './mail';
import type { NotificationRow } from '../presenters/notification';
import { settingsOf } from './settings';

/**
 * E-mails the notifications whose users want that kind by e-mail: emailNotifications on, and the
 * kind's own switch (results, exam reminders, system updates). Each mail links to what the
 * notification points at.
 */
export async function mailNotifications(deps: Deps, rows: NotificationRow[]): Promise<void> {
  if (!rows.length) return;
  const settings = await settingsOf(deps.db, rows.map((r) => r.user_id));
  const wanted = rows.filter((r) => wantsEmail(settings.get(r.user_id)!, r.type));
  if (!wanted.length) return;
  const users = new Map(
    ((await deps.db('users').whereIn('id', [...new Set(wanted.map((r) => r.user_id))]).where('is_active', true).select('id', 'email', 'first_name')) as {
      id: string;
      email: string;
      first_name: string;
    }[]).map((u) => [u.id, u]),
  );
  for (const row of wanted) {
    const user = users.get(row.user_id);
    if (!user) continue;
    deps.mailer.sendInBackground(
      linkMail({
        to: user.email,
        name: user.first_name,
        subject: row.title,
        // Times in the recipient's own zone and formats.
        intro: notificationText(row, settings.get(row.user_id)!.preferences),
        action: row.type === 'result' ? 'View result' : 'Open',
        link: `${deps.config.publicUrl}${row.action_url ?? '/notifications'}`,
        outro: 'You receive this e-mail because of your notification settings. You can change them under Settings → Notifications.',
      }),
    );
  }
}
